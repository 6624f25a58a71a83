// Plans a change to one stdio entry's `"gatehouse": {"confinement": …}` from the panel's form: only the
// keys whose value changes are touched (jsonc-parser edits in place, so every other byte of the file
// stays as written), the new settings are read back exactly as a reload would read them (a project file
// still cannot relax confinement), and nothing is written here. The file is read and written by the
// startup policy's engine (startup-policy-file.ts / startup-policy-write.ts): no links, a cap, the digest
// the preview was made from, atomically, with its permission bits kept.
import { dirname } from 'node:path';
import { applyEdits, findNodeAtLocation, modify, parse, parseTree, type Node } from 'jsonc-parser';
import type { ConfinementProfileEdit } from '../../shared/confinement-edit';
import type { ConfinementSettings } from '../common/confinement/profile';
import { readConfinement } from './confinement-entry';
import { detectFormatting, readPolicyFile } from './startup-policy-file';
import type { PolicySourceKind } from './startup-policy-types';
import { applyStartupPolicy } from './startup-policy-write';

export interface ConfinementEditPlan {
  ok: boolean;
  changed: boolean;
  path: string;
  source: PolicySourceKind;
  before: string;
  text: string | null;
  digest: string | null;
  mode: number;
  problems: string[];
}

/** What the form starts from: the entry's settings with the defaults of its source filled in. */
export function profileForEdit(settings: ConfinementSettings | undefined, source: string): ConfinementProfileEdit {
  return {
    network: settings?.network ?? 'full',
    loopbackPorts: settings?.loopbackPorts ?? [],
    project: settings?.project ?? (source === 'project' ? 'ro' : 'none'),
    grants: (settings?.grants ?? []).map((g) => ({ path: g.path, access: g.access })),
    docker: settings?.docker ?? false,
  };
}

/** The file's text with the entry taken from `current` to `next` (null: nothing changes); only a key whose value changes is written. */
function editedText(text: string, at: string[], current: ConfinementProfileEdit, next: ConfinementProfileEdit): string | null {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const changes: [string, unknown][] = [];
  if (next.network !== current.network) changes.push(['network', next.network]);
  // loopback_ports is valid only with network "loopback": dropped with it, and when emptied.
  if (next.network !== 'loopback') changes.push(['loopback_ports', undefined]);
  else if (!same(next.loopbackPorts, current.loopbackPorts) || next.network !== current.network) changes.push(['loopback_ports', next.loopbackPorts.length ? next.loopbackPorts : undefined]);
  if (next.project !== current.project) changes.push(['project', next.project]);
  if (!same(next.grants, current.grants)) changes.push(['grants', next.grants.length ? next.grants : undefined]);
  if (next.docker !== current.docker) changes.push(['docker', next.docker ? true : undefined]);
  const formattingOptions = detectFormatting(text);
  let working = text;
  // One key at a time on the text so far: each edit's offsets are computed on the text it changes.
  for (const [key, value] of changes) {
    // Removing a key that is not there is no change (and jsonc-parser refuses it where no parent is).
    if (value === undefined && !findNodeAtLocation(parseTree(working) as Node, [...at, key])) continue;
    working = applyEdits(working, modify(working, [...at, key], value, { formattingOptions }));
  }
  return working === text ? null : working;
}

export function planConfinementEdit(input: {
  source: PolicySourceKind;
  path: string;
  name: string;
  current: ConfinementProfileEdit;
  next: ConfinementProfileEdit;
  expectedDigest?: string;
}): ConfinementEditPlan {
  const file = readPolicyFile(input.source, input.path);
  const plan: ConfinementEditPlan = { ok: false, changed: false, path: input.path, source: input.source, before: file.text, text: null, digest: file.exists ? file.digest : null, mode: file.mode, problems: [] };
  if (file.problem) return { ...plan, problems: [file.problem.message] };
  if (!file.exists || !file.tree || !findNodeAtLocation(file.tree, ['mcpServers', input.name])) {
    return { ...plan, problems: [`${input.path} has no entry "mcpServers.${input.name}" any more; reload the panel`] };
  }
  if (input.expectedDigest && input.expectedDigest !== file.digest) {
    return { ...plan, problems: [`E103 write refused: ${input.path} changed since it was read; preview again and apply what the new preview shows`] };
  }
  const at = ['mcpServers', input.name, 'gatehouse', 'confinement'];
  const text = editedText(file.text, at, input.current, input.next);
  if (text === null) return { ...plan, ok: true };
  // Read back as a reload would: the same checks, the same messages (paths resolved from the file's folder).
  const entry = (parse(text) as { mcpServers?: Record<string, { gatehouse?: { confinement?: unknown } }> }).mcpServers?.[input.name];
  const read = readConfinement(entry?.gatehouse?.confinement ?? {}, input.source, dirname(input.path));
  if ('problems' in read) return { ...plan, problems: read.problems.map((p) => p.message) };
  return { ...plan, ok: true, changed: true, text };
}

/** Writes a plan if the file still has the bytes it was made from. */
export function applyConfinementEdit(plan: ConfinementEditPlan): { ok: boolean; problems: string[] } {
  if (!plan.ok || !plan.changed || plan.text === null || plan.digest === null) return { ok: plan.ok, problems: plan.problems };
  // The startup policy's writer takes a plan of its own shape: only these fields matter to it.
  const outcome = applyStartupPolicy({ ok: true, changed: true, source: plan.source, path: plan.path, exists: true, before: [], after: [], digest: plan.digest, mode: plan.mode, text: plan.text, diagnostics: [] });
  return { ok: outcome.ok && outcome.written, problems: outcome.diagnostics.map((d) => d.message) };
}
