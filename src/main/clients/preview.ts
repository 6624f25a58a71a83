// What `gatehouse setup` shows before (and after) it writes: the target file, whether it exists, and a
// unified-style diff of just the gatehouse entry, in the file's own syntax. Shared by the text and JSON
// outputs so a script sees exactly what a person sees.
import { lineDiff } from './diff';
import { renderEntry } from './document';
import { describeEntry, type EntrySummary } from './entry';
import type { SetupPlan } from './plan';

export interface PlanView {
  ok: boolean;
  client: string;
  label: string;
  action: 'set' | 'remove';
  name: string;
  path: string;
  exists: boolean;
  /** Where the entry sits: "mcpServers.gatehouse", "[mcp_servers.gatehouse]". */
  location: string;
  changed: boolean;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** What the entry will launch or connect to. */
  points_at: EntrySummary | null;
  diff: string[];
  problem: { code: string; message: string } | null;
}

/** Maps whose values are often credentials, and a value that is only a reference to a variable. */
const SECRET_MAPS = new Set(['env', 'environment', 'headers', 'http_headers']);
const SECRET_VALUES = new Set(['bearer_token']);
const REFERENCE = /\$\{[^}]+\}|\{env:[^}]+\}|\$[A-Za-z_][A-Za-z0-9_]*/;

function masked(value: unknown): unknown {
  return typeof value === 'string' && REFERENCE.test(value) ? value : '<redacted>';
}

/**
 * The entry as shown: values under env/headers (and Codex's bearer_token) that are not mere variable
 * references are masked, since an operator may have put a credential into an entry Gatehouse keeps.
 */
export function redactEntry(entry: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!entry) return null;
  return Object.fromEntries(
    Object.entries(entry).map(([key, value]) => {
      if (SECRET_VALUES.has(key)) return [key, masked(value)];
      if (SECRET_MAPS.has(key) && value && typeof value === 'object' && !Array.isArray(value)) {
        return [key, Object.fromEntries(Object.entries(value).map(([name, item]) => [name, masked(item)]))];
      }
      return [key, value];
    }),
  );
}

export function entryLocation(plan: Pick<SetupPlan, 'client' | 'name'>): string {
  const keys = [...plan.client.servers, plan.name];
  return plan.client.format === 'toml' ? `[${keys.join('.')}]` : keys.join('.');
}

export function planView(plan: SetupPlan): PlanView {
  const lines = (value: Record<string, unknown> | null) => (value ? renderEntry(plan.client, plan.name, value) : []);
  const target = plan.action === 'set' ? plan.after : plan.before;
  const before = redactEntry(plan.before);
  const after = plan.action === 'set' ? redactEntry(plan.after) : null;
  return {
    ok: plan.ok,
    client: plan.client.id,
    label: plan.client.label,
    action: plan.action,
    name: plan.name,
    path: plan.path,
    exists: plan.exists,
    location: entryLocation(plan),
    changed: plan.changed,
    before,
    after,
    points_at: target ? describeEntry(plan.client, target) : null,
    diff: plan.changed ? lineDiff(lines(before), lines(after), (line) => line.replace(/,$/, '')) : [],
    problem: plan.problem,
  };
}
