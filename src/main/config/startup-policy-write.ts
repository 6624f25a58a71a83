// Preview-then-apply for `autoStart` (contract §2.3 set_startup_policy, §4.6). `planStartupPolicy`
// reads and computes without touching disk; `applyStartupPolicy` writes a plan only if the file still
// has the bytes the plan was computed from, atomically, keeping its permission bits.
import { chmodSync, statSync } from 'node:fs';
import { ServerName } from '../../shared/domain';
import { writeFileAtomic } from '../common/atomic-write';
import { mergeSources, readAllSources, type ConfigLocations } from './load';
import { editAutoStart, newFileText, readPolicyFile } from './startup-policy-file';
import { chooseTarget } from './startup-policy-target';
import type { SetStartupPolicyRequest, StartupPolicyDiagnostic, StartupPolicyOperation, StartupPolicyPlan } from './startup-policy-types';

/** Code-point order: the same bytes on every machine, whatever its locale. */
export function sortNames(names: Iterable<string>): string[] {
  return [...new Set(names)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function nextAutoStart(operation: StartupPolicyOperation, before: readonly string[], names: readonly string[]): string[] {
  if (operation === 'add') return sortNames([...before, ...names]);
  if (operation === 'remove') return sortNames(before.filter((name) => !names.includes(name)));
  return sortNames(names);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((name) => right.has(name));
}

function failed(plan: StartupPolicyPlan, diagnostic: StartupPolicyDiagnostic): StartupPolicyPlan {
  return { ...plan, ok: false, changed: false, text: null, diagnostics: [...plan.diagnostics, diagnostic] };
}

export function planStartupPolicy(locations: ConfigLocations, request: SetStartupPolicyRequest): StartupPolicyPlan {
  let plan: StartupPolicyPlan = { ok: true, source: null, path: null, exists: false, changed: false, before: [], after: [], digest: null, mode: 0, text: null, diagnostics: [] };
  const bad = request.names.filter((name) => !ServerName.safeParse(name).success);
  if (bad.length) {
    return failed(plan, {
      code: 'invalid_auto_start', message: `not a server name: ${bad.map((n) => JSON.stringify(n)).join(', ')} (1-128 characters, no "::", whitespace or control characters).`,
      source: request.source ?? null, path: request.path ?? null, server_name: bad[0] ?? null, line: null, severity: 'error', error_code: null,
    });
  }
  const target = chooseTarget(locations, request);
  if (!target.ok) return failed(plan, target.diagnostic);
  const { source, path } = target;
  const file = readPolicyFile(source, path);
  plan = { ...plan, source, path, exists: file.exists, before: file.autoStart, digest: file.digest, mode: file.mode };
  if (file.problem) return failed(plan, file.problem);
  if (!file.exists && source === 'custom') {
    return failed(plan, {
      code: 'invalid_source', message: `E101 config: ${path}: the file named by --config does not exist; Gatehouse creates only project and user files. Create it or fix the path.`,
      source, path, server_name: null, line: null, severity: 'error', error_code: 'E101',
    });
  }
  if (request.expectedDigest && request.expectedDigest !== file.digest) {
    return failed(plan, concurrent(source, path, request.expectedDigest, file.digest));
  }

  const after = nextAutoStart(request.operation, file.autoStart, request.names);
  const changed = file.hasKey ? !sameSet(file.autoStart, after) : after.length > 0;
  plan = { ...plan, after, changed, text: changed ? (file.exists ? editAutoStart(file, after) : newFileText(after)) : null };
  if (request.operation !== 'remove') plan.diagnostics.push(...advice(locations, request, source, path));
  return plan;
}

/** Warnings only: a name may be defined later, and an operator may disable on purpose. */
function advice(locations: ConfigLocations, request: SetStartupPolicyRequest, source: StartupPolicyPlan['source'], path: string): StartupPolicyDiagnostic[] {
  const config = mergeSources(readAllSources(locations).filter((r) => r.source !== 'default'));
  const known = new Set([...config.servers.keys(), ...(request.knownNames ?? [])]);
  const disabled = new Set(config.sources.flatMap((r) => r.disableAutoStart));
  const out: StartupPolicyDiagnostic[] = [];
  for (const name of sortNames(request.names)) {
    const base = { source, path, server_name: name, line: null, severity: 'warning' as const, error_code: null };
    if (!known.has(name)) {
      out.push({ ...base, code: 'stale_auto_start', message: `no config source defines "${name}"; it will be skipped at startup until a server of that name exists.` });
    }
    if (disabled.has(name)) {
      out.push({ ...base, code: 'auto_start_disabled_conflict', message: `"${name}" is also in disableAutoStart, which wins: it stays lazy until removed from disableAutoStart.` });
    }
  }
  return out;
}

function concurrent(source: StartupPolicyPlan['source'], path: string, expected: string, found: string): StartupPolicyDiagnostic {
  return {
    code: 'concurrent_modification',
    message: `E103 write refused: ${path} changed since it was read (expected ${expected}, found ${found}); preview again and apply what the new preview shows.`,
    source, path, server_name: null, line: null, severity: 'error', error_code: 'E103',
  };
}

export interface ApplyOutcome {
  ok: boolean;
  written: boolean;
  diagnostics: StartupPolicyDiagnostic[];
}

/** Writes a plan. Refuses when the file's bytes (or its absence) differ from what the plan read. */
export function applyStartupPolicy(plan: StartupPolicyPlan): ApplyOutcome {
  if (!plan.ok || !plan.changed || plan.text === null || !plan.path || !plan.source || !plan.digest) {
    return { ok: plan.ok, written: false, diagnostics: [] };
  }
  const now = readPolicyFile(plan.source, plan.path);
  if (now.problem?.code === 'symlink_refused') return { ok: false, written: false, diagnostics: [now.problem] };
  if (now.digest !== plan.digest) {
    return { ok: false, written: false, diagnostics: [concurrent(plan.source, plan.path, plan.digest, now.digest)] };
  }
  try {
    writeFileAtomic(plan.path, plan.text, plan.mode);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return {
      ok: false,
      written: false,
      diagnostics: [{
        code: 'write_failed', message: `E103 write failed: ${plan.path} (${code}); nothing was changed. Check the folder's permissions and free space.`,
        source: plan.source, path: plan.path, server_name: null, line: null, severity: 'error', error_code: 'E103',
      }],
    };
  }
  try {
    // The temp file was created through the umask; put back exactly the bits the file had.
    if ((statSync(plan.path).mode & 0o777) !== plan.mode) chmodSync(plan.path, plan.mode);
  } catch {
    // The content is written; a mode we could not restore is not worth reporting the write as failed.
  }
  return { ok: true, written: true, diagnostics: [] };
}
