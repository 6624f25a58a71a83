// Reads the persisted startup policy (`autoStart` / `disableAutoStart`) of every config source and says
// what is wrong with it. Read fresh from disk, not from the ConfigStore: the store keeps the last good
// copy of a broken file, and this answer is about what the files say now (contract §2.3, §4.5).
import type { ConfigSourceKind } from '../../shared/domain';
import { formatIssue, readAllSources, type ConfigLocations } from './load';
import { createLineFinder } from './startup-policy-locate';
import type { PolicySourceKind, StartupPolicyDiagnostic, StartupPolicyReport, StartupPolicySourceRow } from './startup-policy-types';
import type { SourceReadout } from './types';

export function isPolicySource(kind: ConfigSourceKind): kind is PolicySourceKind {
  return kind === 'project' || kind === 'user' || kind === 'custom';
}

export function readStartupPolicy(locations: ConfigLocations, knownNames: readonly string[] = []): StartupPolicyReport {
  const readouts = readAllSources(locations).filter((r) => isPolicySource(r.source));
  return { sources: readouts.map(toRow), diagnostics: startupPolicyDiagnostics(readouts, knownNames) };
}

function toRow(readout: SourceReadout): StartupPolicySourceRow {
  return {
    source: readout.source as PolicySourceKind,
    path: readout.path ?? '',
    exists: readout.exists,
    autoStart: readout.autoStart,
    disableAutoStart: readout.disableAutoStart,
    error: readout.fatal ? sourceError(readout) : null,
  };
}

/** The fatal problems of a source as one line each, with file:line, for `sources[].error`. */
export function sourceError(readout: SourceReadout): string | null {
  if (!readout.issues.length) return null;
  return readout.issues.map(formatIssue).join('\n');
}

function diagnostic(
  fields: Omit<StartupPolicyDiagnostic, 'severity' | 'error_code' | 'line'> & Partial<Pick<StartupPolicyDiagnostic, 'severity' | 'error_code' | 'line'>>,
): StartupPolicyDiagnostic {
  return { severity: 'warning', error_code: null, line: null, ...fields };
}

/**
 * Diagnostics over readouts already read (rank order). Works for the fresh read of get_startup_policy
 * and for the readouts in effect that config_status shows.
 */
export function startupPolicyDiagnostics(readouts: SourceReadout[], knownNames: readonly string[] = []): StartupPolicyDiagnostic[] {
  const lineOf = createLineFinder();
  const policyReadouts = readouts.filter((r) => isPolicySource(r.source));
  const defined = new Set<string>([...knownNames, ...readouts.flatMap((r) => [...r.servers.keys()])]);
  // A broken file hides its server names, so "not defined anywhere" may be a false alarm; say so.
  const unsure = policyReadouts.some((r) => r.fatal && r.exists);
  const caveat = unsure ? ' (a config file could not be read, so its servers are unknown)' : '';
  const disabledIn = new Map<string, SourceReadout>();
  for (const readout of policyReadouts) {
    for (const name of readout.disableAutoStart) if (!disabledIn.has(name)) disabledIn.set(name, readout);
  }

  const out: StartupPolicyDiagnostic[] = [];
  for (const readout of policyReadouts) {
    const source = readout.source as PolicySourceKind;
    const path = readout.path;
    if (readout.fatal) {
      const first = readout.issues[0];
      out.push(diagnostic({
        code: 'invalid_source',
        message: sourceError(readout) ?? `E101 config: ${path}: the file cannot be used`,
        source,
        path,
        server_name: null,
        line: first?.line ?? null,
        severity: 'error',
        error_code: 'E101',
      }));
    }
    readout.autoStart.forEach((name, index) => {
      const line = lineOf(path, ['autoStart', index]);
      if (!defined.has(name)) {
        out.push(diagnostic({
          code: 'stale_auto_start',
          message: `autoStart in ${path}${line ? `:${line}` : ''} names "${name}", which no config source defines${caveat}; it is skipped at startup. Remove it with gateway.set_startup_policy(operation="remove", names=["${name}"]) or add the server.`,
          source,
          path,
          server_name: name,
          line,
        }));
      }
      const disabling = disabledIn.get(name);
      if (disabling) {
        out.push(diagnostic({
          code: 'auto_start_disabled_conflict',
          message: `"${name}" is in autoStart (${path}${line ? `:${line}` : ''}) and in disableAutoStart (${disabling.path}); disableAutoStart wins, so it stays lazy. Remove it from one of the two lists.`,
          source,
          path,
          server_name: name,
          line,
        }));
      }
    });
    readout.disableAutoStart.forEach((name, index) => {
      if (defined.has(name)) return;
      const line = lineOf(path, ['disableAutoStart', index]);
      out.push(diagnostic({
        code: 'stale_disable_auto_start',
        message: `disableAutoStart in ${path}${line ? `:${line}` : ''} names "${name}", which no config source defines${caveat}; remove it from the list or add the server.`,
        source,
        path,
        server_name: name,
        line,
      }));
    });
  }
  return out;
}
