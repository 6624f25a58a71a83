// `gatehouse setup`: write (or just show) the entry that connects an MCP client to Gatehouse, in that
// client's own user config file and format. A preview unless --write (contract §4.6); only the gatehouse
// entry changes, and --write holds a lock on the file while it re-reads and merges (write-setup.ts). The
// client facts live in one table (src/main/clients/table.ts), not in code paths here.
// Exit 0 done (or nothing to do), 1 refused, 64 usage.
import { homedir } from 'node:os';
import type { EntryRequest, SetupMode } from '../clients/entry';
import { defaultLauncher, namedLauncher } from '../clients/launcher';
import { listClients, type ClientRow } from '../clients/list';
import { platformOf, type PathContext } from '../clients/paths';
import { planSetup, type SetupPlan, type SetupRequest } from '../clients/plan';
import { planView, type PlanView } from '../clients/preview';
import { CLIENT_IDS, findClient } from '../clients/table';
import { writeSetup, type WrittenSetup } from '../clients/write-setup';
import { readDesktopSettings, settingsFilePath } from '../settings/desktop-settings';
import { gatewayPort } from '../settings/port';
import { parseFlags, parsePort, UsageError } from './args';
import { formatTable } from './table';

const FLAGS = {
  client: { type: 'string' },
  mode: { type: 'string' },
  port: { type: 'string' },
  'token-env': { type: 'string' },
  command: { type: 'string' },
  name: { type: 'string', default: 'gatehouse' },
  write: { type: 'boolean', default: false },
  remove: { type: 'boolean', default: false },
  list: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
} as const;

/** Safe as a JSON key, a TOML bare key and every client's server-name rules (VS Code's is the strictest). */
const ENTRY_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface SetupIo {
  platform: string;
  env: Readonly<Record<string, string | undefined>>;
  home: string;
  out: (text: string) => void;
  err: (text: string) => void;
}

type Values = ReturnType<typeof parseFlags<typeof FLAGS>>['values'];

function entryRequest(values: Values): EntryRequest {
  const mode = values.mode ?? 'stdio';
  if (mode !== 'stdio' && mode !== 'http') throw new UsageError(`--mode must be "stdio" or "http", not "${values.mode}"`);
  if (mode === 'stdio' && values.port !== undefined) throw new UsageError('--port applies to --mode http only');
  if (mode === 'stdio' && values['token-env'] !== undefined) throw new UsageError('--token-env applies to --mode http only (a stdio client authenticates to the running gateway by itself)');
  const tokenEnv = values['token-env'];
  if (tokenEnv !== undefined && !VARIABLE.test(tokenEnv)) {
    throw new UsageError(`--token-env takes the NAME of an environment variable (letters, digits, _), not "${tokenEnv}"; the token itself is never written into a client config`);
  }
  // The port the gateway listens on: --port, else settings.json's (as serve and the desktop app), else 3344.
  const port = gatewayPort(parsePort(values.port), readDesktopSettings(settingsFilePath()).settings).port;
  if (port === 0) throw new UsageError('--port must be the port the gateway listens on (1-65535)');
  if (values.command !== undefined && !values.command.trim()) throw new UsageError('--command needs the launcher to run, e.g. --command gatehouse');
  const launcher = values.command !== undefined ? namedLauncher(values.command) : defaultLauncher();
  if (!launcher) throw new UsageError('cannot find bin/gatehouse.mjs next to this build; pass --command gatehouse (or the launcher\'s path)');
  return { mode, launcher, url: `http://127.0.0.1:${port}/mcp`, ...(tokenEnv ? { tokenEnv } : {}) };
}

function checkCombination(values: Values): void {
  if (values.list) {
    const extra = (['client', 'mode', 'port', 'token-env', 'command'] as const).find((flag) => values[flag] !== undefined) ?? (values.write ? 'write' : values.remove ? 'remove' : undefined);
    if (extra) throw new UsageError(`--list shows every client; it does not take --${extra}`);
  }
  if (values.remove) {
    const extra = (['mode', 'port', 'token-env', 'command'] as const).find((flag) => values[flag] !== undefined);
    if (extra) throw new UsageError(`--remove takes only --client, --name, --write and --json, not --${extra}`);
  }
  if (!ENTRY_NAME.test(values.name)) throw new UsageError(`--name must start with a letter and hold only letters, digits, "-" and "_" (at most 64), not "${values.name}"`);
}

function listText(rows: ClientRow[], name: string): string {
  const table = formatTable(
    ['CLIENT', 'DETECTED', `ENTRY "${name}"`, 'CONFIG FILE'],
    rows.map((row) => [
      row.client,
      row.detected ? 'yes' : 'no',
      row.problem ? 'unreadable (see below)' : row.entry ? `${row.entry.kind}: ${row.entry.target}` : '-',
      row.exists ? row.path : `${row.path} (absent)`,
    ]),
  );
  const problems = rows.filter((row) => row.problem).map((row) => `${row.client}: ${row.problem}`);
  return [table, ...(problems.length ? ['', ...problems] : [])].join('\n');
}

function planText(view: PlanView, mode: SetupMode | null, written: boolean): string {
  const lines = [`${view.label}: ${view.path} (${view.exists ? 'exists' : 'does not exist yet; it will be created'})`];
  if (!view.changed) {
    lines.push(view.action === 'set' ? `${view.location} is already set${view.points_at ? ` (${view.points_at.kind}: ${view.points_at.target})` : ''}; nothing to change.` : `No ${view.location} entry; nothing to remove.`);
    return lines.join('\n');
  }
  if (view.points_at && view.action === 'set') lines.push(`${view.location} → ${view.points_at.kind}: ${view.points_at.target}`);
  lines.push('', `--- ${view.location} (${view.before ? 'before' : 'before: none'})`, `+++ ${view.location} (${view.action === 'remove' ? 'after: removed' : 'after'})`, ...view.diff, '');
  if (!written) {
    lines.push('Preview only: nothing was written. Run the same command with --write to apply it.');
  } else {
    lines.push(view.action === 'remove' ? `Removed ${view.location} from ${view.path}.` : `Wrote ${view.location} to ${view.path}. Restart ${view.label} (or reload its MCP servers) to connect.`);
  }
  if (mode === 'stdio' && view.action === 'set') lines.push(`${view.label} will start "gatehouse serve --transport stdio", which joins a running gateway when one is up.`);
  return lines.join('\n');
}

function previewOnly(plan: SetupPlan): WrittenSetup {
  return { plan, outcome: { ok: plan.ok, written: false, problem: plan.problem } };
}

export async function runSetup(argv: string[], io: SetupIo): Promise<number> {
  const { values } = parseFlags(argv, FLAGS);
  checkCombination(values);
  const ctx: PathContext = { platform: platformOf(io.platform), env: io.env, home: io.home };
  if (values.list) {
    const rows = listClients(ctx, values.name);
    io.out(values.json ? JSON.stringify({ name: values.name, clients: rows }) : listText(rows, values.name));
    return 0;
  }
  if (!values.client) throw new UsageError(`setup needs --client (${CLIENT_IDS.join(', ')}), or --list`);
  const client = findClient(values.client);
  if (!client) throw new UsageError(`unknown client "${values.client}"; known clients: ${CLIENT_IDS.join(', ')}`);
  const request = values.remove ? null : entryRequest(values);
  const setupRequest: SetupRequest = { client, ctx, name: values.name, action: values.remove ? 'remove' : 'set', ...(request ? { entry: request } : {}) };
  // A write re-reads and merges under a lock on the file (concurrent setups must not drop each other's
  // entries); the plan shown is the one that was applied.
  const { plan, outcome } = values.write ? await writeSetup(setupRequest) : previewOnly(planSetup(setupRequest));
  const view = { ...planView(plan), ok: outcome.ok, problem: outcome.problem };
  if (values.json) {
    io.out(JSON.stringify({ ...view, mode: request?.mode ?? null, written: outcome.written }));
    return outcome.ok ? 0 : 1;
  }
  if (!outcome.ok) {
    io.err(`gatehouse: ${view.label}: refused: ${outcome.problem?.message ?? 'unknown problem'}\n`);
    return 1;
  }
  io.out(planText(view, request?.mode ?? null, outcome.written));
  if (request?.mode === 'http' && view.changed && client.http !== 'stdio-proxy') {
    io.out(request.tokenEnv
      ? `note: ${view.label} reads the token from ${request.tokenEnv} when it starts; set that variable in its environment (the file holds only the name).`
      : 'note: this entry sends no token. If the gateway uses shared-secret auth, add --token-env NAME (the variable that holds the token), or use --mode stdio.');
  }
  return 0;
}

export function setup(argv: string[]): Promise<number> {
  return runSetup(argv, {
    platform: process.platform,
    env: process.env,
    home: homedir(),
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(text),
  });
}
