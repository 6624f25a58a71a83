// gateway.config_status: the effective configuration with attribution (contract §2.3). One concise row
// per configured server (as in health), the sources with their errors, and located diagnostics:
// shadowed definitions, `${` that will stay literal, invalid files and entries, startup-policy problems.
// Attribution comes from where a name really is defined (config files, manifest, provisioned.json,
// discovered.json); a server the policy denies is shown as skipped (policy_denied), and an invalid
// policy is reported as policy_error rather than failing the answer (contract §5).
import { formatIssue, mergeSources } from '../../config/load';
import { startupPolicyDiagnostics } from '../../config/startup-policy';
import { createLineFinder } from '../../config/startup-policy-locate';
import { definitionsByName, literalPlaceholders, startupSourceOf, unknownAutoStart, type Definition, type StartupSource } from '../../config/startup-policy-sources';
import type { ConfigToolsContext } from '../../config/startup-policy-types';
import type { StartupPolicy } from '../../../shared/domain';
import type { SourceReadout } from '../../config/types';
import type { ServerOrigins } from '../../discovery/origins';
import { policyDiagnostics, type LoadedPolicy } from '../../policy';
import { jsonResult } from '../envelope';
import type { MetaTool } from '../meta-tool';
import { STATUS_WORD } from '../status-words';
import { approveStep } from '../next-step';
import { statusTool } from './status-tool';

interface StatusDiagnostic {
  code: string;
  message: string;
  source: string | null;
  path: string | null;
  line: number | null;
  field: string | null;
  server_name: string | null;
  severity: 'error' | 'warning';
}

type LineOf = ReturnType<typeof createLineFinder>;

function where(path: string | null, line: number | null): string {
  return `${path ?? '(embedded default)'}${line ? `:${line}` : ''}`;
}

/** Row diagnostics (short strings, code first) plus the same findings as located objects. */
function findings(name: string, defs: Definition[], lineOf: LineOf): { row: string[]; located: StatusDiagnostic[] } {
  const row: string[] = [];
  const located: StatusDiagnostic[] = [];
  const [winner, ...shadowed] = defs;
  if (!winner) return { row, located };
  for (const lower of shadowed) {
    const line = lineOf(lower.path, ['mcpServers', name]);
    const code = `shadowed_by:${winner.source}`;
    row.push(`${code} (${lower.source} definition at ${where(lower.path, line)} is ignored)`);
    located.push({
      code, server_name: name, source: lower.source, path: lower.path, line, field: `mcpServers.${name}`, severity: 'warning',
      message: `server "${name}" at ${where(lower.path, line)} (${lower.source}) is shadowed by the ${winner.source} definition in ${where(winner.path, lineOf(winner.path, ['mcpServers', name]))}; only that one is used. Remove or rename one of them.`,
    });
  }
  for (const placeholder of literalPlaceholders(winner.definition)) {
    const line = lineOf(winner.path, ['mcpServers', name, ...placeholder.jsonPath]);
    const code = 'literal_placeholder';
    row.push(`${code}:${placeholder.field} ("\${" stays literal here; only env and headers are interpolated)`);
    located.push({
      code, server_name: name, source: winner.source, path: winner.path, line, field: `mcpServers.${name}.${placeholder.field}`, severity: 'warning',
      message: `server "${name}": ${placeholder.field} at ${where(winner.path, line)} contains "\${", which is passed as-is (only env and headers are interpolated). Move the value into env and read it from there, or write it out.`,
    });
  }
  return { row, located };
}

const NO_ORIGINS: ServerOrigins = { manifest: new Set(), provisioned: new Set(), discovered: new Set() };

/** The file that decided the startup policy, else where the server itself comes from. */
function startupSource(name: string, policy: StartupPolicy | 'unknown', readouts: SourceReadout[], configured: boolean, origins: ServerOrigins): StartupSource {
  const decided = startupSourceOf(name, policy, readouts);
  if (configured || decided !== 'configured') return decided;
  if (origins.provisioned.has(name)) return 'provisioned';
  return origins.manifest.has(name) ? 'manifest' : 'configured';
}

/** The invalid policy as a located diagnostic: every server is denied until it is fixed. */
function policyErrorDiagnostics(policy: LoadedPolicy): StatusDiagnostic[] {
  if (!policy.error) return [];
  const issue = policy.error.issues[0];
  return [{
    code: 'policy_error', message: `${policy.error.message}; every server is denied until it is fixed. Next: ${policy.error.next_step}`,
    source: issue?.kind ?? null, path: issue?.path ?? null, line: issue?.line ?? null, field: issue?.field ?? null, server_name: null, severity: 'error',
  }];
}

function sourceRows(readouts: SourceReadout[]) {
  return readouts.map((r) => ({
    source: r.source,
    path: r.path,
    exists: r.exists,
    error: r.fatal && r.issues.length ? r.issues.map(formatIssue).join('\n') : null,
    // Project files only: approved, changed (since approval) or not_approved; null where no approval applies.
    trust: r.trust?.state ?? null,
    sha256: r.trust?.sha256 ?? null,
  }));
}

function issueDiagnostics(readouts: SourceReadout[]): StatusDiagnostic[] {
  return readouts.flatMap((r) =>
    r.issues.map((issue) => ({
      code: r.fatal ? 'invalid_source' : 'invalid_entry',
      message: formatIssue(issue),
      source: issue.source,
      path: issue.path,
      line: issue.line,
      field: issue.field,
      server_name: null,
      severity: 'error' as const,
    })),
  );
}

export function configStatus(ctx: ConfigToolsContext): MetaTool {
  return statusTool('gateway.config_status', {
    title: 'Configuration status',
    description:
      'The effective server configuration with attribution: which file defines each server, its startup policy ' +
      'and where that came from, shadowed definitions, and config errors with file and line.',
    async run(args, gateway) {
      const readouts = ctx.readouts();
      const lineOf = createLineFinder();
      const merged = mergeSources(readouts);
      const defsByName = definitionsByName(readouts);
      const handles = new Map(gateway.supervisor.all().map((h) => [h.name, h]));
      const origins = ctx.serverOrigins?.() ?? NO_ORIGINS;
      const policy = gateway.policy();
      const names = [...new Set([...merged.servers.keys(), ...handles.keys()])];
      const located: StatusDiagnostic[] = [];

      const entries: Record<string, unknown>[] = names.map((name) => {
        const row = handles.get(name)?.row();
        const def = merged.servers.get(name);
        const found = findings(name, defsByName.get(name) ?? [], lineOf);
        located.push(...found.located);
        const startup = row?.startup_policy ?? def?.startupPolicy ?? 'unknown';
        const decision = policy.decideServer(name);
        // A denied server never reaches the supervisor: it is skipped by policy, whatever autoStart says.
        const denied = decision.allowed ? null : decision;
        const missingAuth = !denied && row?.status === 'auth_required';
        const untrusted = def?.untrusted;
        return {
          name,
          status: row ? STATUS_WORD[row.status] : 'offline',
          startup_policy: denied ? 'skipped' : startup,
          startup_source: startupSource(name, startup, readouts, merged.servers.has(name), origins),
          source: row?.source ?? def?.source ?? null,
          source_path: row?.source_path ?? def?.sourcePath ?? null,
          startup_skip_reason: denied ? 'policy_denied' : (row?.startup_skip_reason ?? null),
          startup_env_var: missingAuth ? (row.missing_env_vars[0] ?? null) : null,
          missing_env_vars: row?.missing_env_vars.length ? row.missing_env_vars : null,
          auth_state: denied ? 'policy_denied' : missingAuth ? 'missing_auth' : 'none',
          next_step: denied ? null : untrusted ? approveStep(untrusted.path) : missingAuth ? `gateway.auth_connect(server_name='${name}')` : null,
          configured: merged.servers.has(name),
          manifest: origins.manifest.has(name),
          provisioned: origins.provisioned.has(name),
          discovered: origins.discovered.has(name),
          diagnostics: denied ? [...found.row, `policy_denied (${denied.message})`] : found.row,
          transport: args.verbose ? (row?.transport ?? def?.transport ?? null) : null,
          pid: args.verbose ? (row?.pid ?? null) : null,
          last_error: args.verbose ? (row?.last_error ?? null) : null,
          defined_in: args.verbose ? (defsByName.get(name) ?? []).map((d) => ({ source: d.source, path: d.path, line: lineOf(d.path, ['mcpServers', name]) })) : null,
        };
      });

      // autoStart names nobody defines: shown as skipped rows so the operator sees why nothing started.
      const defined = new Set([...names, ...(ctx.knownServerNames?.() ?? [])]);
      for (const [name, readout] of unknownAutoStart(readouts, defined)) {
        entries.push({
          name, status: 'offline', startup_policy: 'skipped', startup_source: readout.source, source: readout.source,
          source_path: readout.path, startup_skip_reason: 'unknown_auto_start', auth_state: 'none',
          configured: false, manifest: false, provisioned: false, discovered: false,
          diagnostics: [`stale_auto_start (autoStart in ${readout.path} names "${name}", which no source defines)`],
        });
      }
      entries.sort((a, b) => String(a.name).localeCompare(String(b.name)));

      const startupDiagnostics = startupPolicyDiagnostics(readouts, ctx.knownServerNames?.() ?? [])
        // invalid_source is already reported per issue, with each issue's own line.
        .filter((d) => d.code !== 'invalid_source')
        .map((d) => ({ code: d.code, message: d.message, source: d.source, path: d.path, line: d.line, field: null, server_name: d.server_name, severity: d.severity }));
      return jsonResult({
        entries,
        sources: sourceRows(readouts),
        diagnostics: [...policyErrorDiagnostics(policy), ...issueDiagnostics(readouts), ...located, ...startupDiagnostics],
        // Gatehouse addition, as in health's gateway_diagnostics: the E102 message while the policy is invalid.
        policy_error: policyDiagnostics(policy).policy_error,
      });
    },
  });
}
