import { GATEHOUSE_VERSION } from '../../common/version';
import { policyDiagnostics } from '../../policy';
import { jsonResult } from '../envelope';
import { AUTH_STATE_SEMANTICS, auditView } from '../audit-view';
import { STATUS_WORD } from '../status-words';
import { rowNextStep } from '../next-step';
import { indexedTools } from '../indexed-tools';
import { confinementSummary } from '../../common/confinement/view';
import { statusTool } from './status-tool';

export const health = statusTool('gateway.health', {
  title: 'Gateway health',
  description: 'Status of the gateway and of every configured server: state, tool count, pid, last error.',
  async run(args, gateway) {
    const revision = gateway.revision();
    const servers = gateway.supervisor.all().map((handle) => {
      const row = handle.row();
      return {
        name: row.name,
        status: STATUS_WORD[row.status],
        // Gatehouse's own, finer state (additive to PMCP's status words).
        state: row.status,
        tool_count: row.tool_count,
        protocol_version: row.protocol_version,
        server_capabilities: row.capabilities,
        error: STATUS_WORD[row.status] === 'error' ? row.last_error : null,
        last_error: row.last_error,
        startup_policy: row.startup_policy,
        startup_skip_reason: row.startup_skip_reason,
        startup_env_var: row.missing_env_vars[0] ?? null,
        missing_env_vars: row.missing_env_vars.length ? row.missing_env_vars : null,
        // A remote server's refusal says which (missing_auth, insufficient_scope) and carries its challenge.
        auth_state: row.status === 'auth_required' ? (handle.authFields().auth_state ?? 'missing_auth') : null,
        auth_challenge: row.status === 'auth_required' ? (handle.authFields().auth_challenge ?? null) : null,
        auth_metadata: row.status === 'auth_required' ? (handle.authFields().auth_metadata ?? null) : null,
        next_step: rowNextStep(row),
        restart_count: row.restart_count,
        breaker: row.breaker,
        last_exit_code: row.last_exit_code,
        last_exit_signal: row.last_exit_signal,
        pending_count: row.pending_count,
        waiting_for_client: row.waiting_for_client || null,
        // Allowed tools past the per-server cap (denied ones are not "dropped": policy hid them on purpose).
        tools_dropped: handle.tools.filter((t) => gateway.policy().toolAllowed(row.name, t.name)).length - indexedTools(row.name, handle.tools, gateway.policy()).length || null,
        latency: row.latency.count ? row.latency : null,
        // Where the startup policy came from (§4.5): a lazy provisioned server is lazy because it was
        // provisioned; an eager one because some file's autoStart names it (its definition's source).
        startup_source: handle.definition.origin === 'provisioned' && row.startup_policy === 'lazy' ? 'provisioned' : row.source,
        source_path: row.source_path,
        transport: row.transport,
        pid: row.pid,
        stderr_tail: args.verbose ? handle.stderr.tail(10) : null,
        // What its child can touch (additive): every mount only when verbose (status --server asks).
        confinement: confinementSummary(row.confinement, args.verbose),
        // Where its cards come from: the live list, the offline cache of an earlier run, or nowhere yet.
        catalog_state: handle.status === 'online' || handle.status === 'degraded' ? 'live' : gateway.supervisor.descriptions?.get(handle.name) ? 'cached' : 'empty',
      };
    });
    const issues = gateway.configIssues();
    return jsonResult({
      revision_id: revision.id,
      servers,
      last_refresh_ts: revision.refreshedAt,
      gateway_diagnostics: {
        version: GATEHOUSE_VERSION,
        transport: gateway.transport,
        audit_enabled: true,
        audit_buffer_size: gateway.auditEvents().length,
        trace_context_supported: true,
        trace_context_keys: ['traceparent', 'tracestate', 'baggage'],
        protocol_version_visible: true,
        header_compatibility: 'MCP-Protocol-Version on every request; Mcp-Method and Mcp-Name checked in the 2026-07-28 era',
        session_compatibility: 'MCP-Session-Id sessions for 2025-11-25 clients; stateless 2026-07-28 requests',
        capabilities: ['tools', 'resources', 'prompts'],
        rate_limit_enabled: (gateway.rateLimitRpm ?? 0) > 0,
        rate_limit_rpm: gateway.rateLimitRpm ?? 0,
        session_count: gateway.sessionCount?.() ?? null,
        // Gatehouse addition: which other projects' clients share this gateway, and how many sessions each.
        attached_projects: gateway.attachedProjects?.() ?? [],
        // Some remote server declares OAuth metadata (contract §4.2) that auth answers can point to.
        auth_metadata_present: gateway.supervisor.all().some((h) => h.definition.transport !== 'stdio' && h.definition.auth !== undefined),
        auth_state_semantics: AUTH_STATE_SEMANTICS,
        config_issues: issues.length ? issues : null,
        ...policyDiagnostics(gateway.policy()),
      },
      // Newest first; the caller's own session and gateway-level events only.
      audit_events: gateway.auditEvents().slice(-(args.verbose ? 64 : 10)).reverse().map(auditView),
    });
  },
});
