// The panel's startup-policy view: every server, whether it starts with the gateway and why; a toggle is
// planned by the same code gateway.set_startup_policy uses (config/startup-policy-write.ts), shown as the
// whole file's diff, and applied through gateway.set_startup_policy itself with the preview's digest.
import type { StartupPolicyApplied, StartupPolicyDiagnostic, StartupPolicyPreview, StartupPolicyServer, StartupPolicyView } from '../../shared/startup-policy';
import type { HealthRow } from '../../shared/domain';
import { readRegularFile } from '../common/read-file';
import type { ConfigLocations } from '../config/load';
import { isPolicySource, readStartupPolicy } from '../config/startup-policy';
import type { StartupPolicyDiagnostic as CoreDiagnostic, StartupPolicySourceRow } from '../config/startup-policy-types';
import { planStartupPolicy } from '../config/startup-policy-write';
import { fileDiff } from './file-diff';
import type { OperatorSession } from './operator-session';

export interface StartupPolicyApiOptions {
  locations: ConfigLocations;
  rows(): HealthRow[];
  knownNames(): readonly string[];
  operator: OperatorSession;
}

const diagnosticView = (d: CoreDiagnostic): StartupPolicyDiagnostic => ({
  code: d.code,
  message: d.message,
  source: d.source,
  path: d.path,
  server_name: d.server_name,
  line: d.line,
  severity: d.severity,
});

function why(row: HealthRow, sources: StartupPolicySourceRow[]): { why: string; disabledIn: string | null } {
  const disabling = sources.find((s) => s.disableAutoStart.includes(row.name));
  const starting = sources.find((s) => s.autoStart.includes(row.name));
  const disabledIn = disabling?.path ?? null;
  if (row.startup_skip_reason === 'untrusted_project') {
    return { why: `skipped: its project file ${row.source_path ?? ''} is not approved; approve it under Servers to let it start`, disabledIn };
  }
  if (row.startup_skip_reason === 'missing_auth') {
    return {
      why: `skipped: set to start with the gateway, but ${row.missing_env_vars.map((v) => `\${${v}}`).join(', ') || 'a credential'} has no value; store it under Servers or Secrets`,
      disabledIn,
    };
  }
  if (row.startup_policy === 'eager')
    return { why: `eager: listed in autoStart of ${starting?.path ?? 'its config'}, so it starts with the gateway`, disabledIn };
  if (disabling) {
    return {
      why: `lazy: disableAutoStart in ${disabling.path} names it${starting ? ` (it wins over autoStart in ${starting.path})` : ''}, so it starts on first use`,
      disabledIn,
    };
  }
  return { why: 'lazy: no autoStart list names it, so it starts on first use', disabledIn };
}

export function createStartupPolicyApi(options: StartupPolicyApiOptions) {
  const sourceOf = (name: string) => {
    const row = options.rows().find((r) => r.name === name);
    return row && isPolicySource(row.source) ? row.source : null;
  };
  const plan = (name: string, eager: boolean) =>
    planStartupPolicy(options.locations, {
      operation: eager ? 'add' : 'remove',
      names: [name],
      source: sourceOf(name),
      knownNames: options.knownNames(),
    });

  return {
    async view(): Promise<StartupPolicyView> {
      const report = readStartupPolicy(options.locations, options.knownNames());
      const servers: StartupPolicyServer[] = options.rows().map((row) => {
        const reason = why(row, report.sources);
        return {
          name: row.name,
          source: row.source,
          source_path: row.source_path,
          policy: row.startup_policy,
          why: reason.why,
          togglable: isPolicySource(row.source) && row.startup_skip_reason !== 'untrusted_project',
          disabled_in: reason.disabledIn,
        };
      });
      return { servers, sources: report.sources, diagnostics: report.diagnostics.map(diagnosticView) };
    },

    async preview({ name, eager }: { name: string; eager: boolean }): Promise<StartupPolicyPreview> {
      const planned = plan(name, eager);
      const before = planned.path && planned.exists ? readRegularFile(planned.path, { followSymlink: true }) : null;
      const beforeText = before?.ok ? before.bytes.toString('utf8') : '';
      const diff = planned.changed && planned.text !== null ? fileDiff(beforeText, planned.text) : [];
      const firstError = planned.diagnostics.find((d) => d.severity === 'error');
      const message = !planned.ok
        ? `Startup policy not changed: ${firstError?.message ?? 'the request was refused'}`
        : planned.changed
          ? `${eager ? 'Adds' : 'Removes'} "${name}" ${eager ? 'to' : 'from'} autoStart in ${planned.path}.`
          : `No change needed: "${name}" is already ${eager ? 'in' : 'absent from'} autoStart${planned.path ? ` in ${planned.path}` : ''}.`;
      return {
        ok: planned.ok,
        changed: planned.changed,
        source: planned.source,
        path: planned.path,
        exists: planned.exists,
        before: planned.before,
        after: planned.after,
        diff,
        digest: planned.digest,
        message,
        diagnostics: planned.diagnostics.map(diagnosticView),
      };
    },

    async apply({ name, eager, digest }: { name: string; eager: boolean; digest: string }): Promise<StartupPolicyApplied> {
      const source = sourceOf(name);
      const { body } = await options.operator.call('gateway.set_startup_policy', {
        operation: eager ? 'add' : 'remove',
        names: [name],
        ...(source ? { source } : {}),
        apply: true,
        dry_run: false,
        expected_digest: digest,
      });
      const diagnostics = Array.isArray(body.diagnostics) ? (body.diagnostics as CoreDiagnostic[]).map(diagnosticView) : [];
      return {
        ok: body.ok === true,
        message: typeof body.message === 'string' ? body.message : 'the change was not applied',
        path: typeof body.path === 'string' ? body.path : null,
        diagnostics,
      };
    },
  };
}
