// Audit events as gateway.health shows them (contract §2.3): PMCP's field names and outcome words.
import type { AuditEvent } from '../http/audit';

const OUTCOME: Record<AuditEvent['outcome'], 'success' | 'failure' | 'refused'> = {
  ok: 'success',
  tool_error: 'failure',
  error: 'failure',
  timeout: 'failure',
  disconnected: 'failure',
  unauthorized: 'refused',
  forbidden: 'refused',
  unavailable: 'refused',
};

/** The inbound authentication result, in the auth-fields vocabulary of contract §2.2. */
const AUTH_STATE: Record<AuditEvent['auth_state'], 'none' | 'missing_auth' | 'insufficient_scope' | 'unknown'> = {
  none: 'none',
  local: 'none',
  authenticated: 'none',
  missing: 'missing_auth',
  invalid: 'missing_auth',
  insufficient_scope: 'insufficient_scope',
  unavailable: 'unknown',
};

/** invoke for a downstream tool id, the meta-tool's own name otherwise (describe, refresh, …), else the method. */
function actionOf(event: AuditEvent): string {
  if (event.method !== 'tools/call' || !event.tool) return event.method;
  if (event.tool.includes('::')) return 'invoke';
  return event.tool.startsWith('gateway.') ? event.tool.slice('gateway.'.length) : event.tool;
}

export function auditView(event: AuditEvent) {
  return {
    timestamp: event.ts,
    method: event.method,
    action: actionOf(event),
    outcome: OUTCOME[event.outcome],
    latency_ms: event.latency_ms,
    server_name: event.server,
    tool_id: event.tool,
    auth_state: AUTH_STATE[event.auth_state],
    // How the caller authenticated to Gatehouse: local (stdio, in-process), none, authenticated, …
    auth_event: event.auth_state,
    error: event.error,
    trace_present: event.trace_present,
    ...(event.correlation ?? {}),
  };
}

/** What each auth_state means and what to do about it (contract §2.3 gateway_diagnostics). */
export const AUTH_STATE_SEMANTICS = {
  none: { meaning: 'the server needs no credential', primary_next_action: null, evidence_fields: [] },
  missing_auth: {
    meaning: 'a ${VAR} the server needs has no value in the environment or the keychain',
    primary_next_action: 'gateway.auth_connect',
    evidence_fields: ['missing_env_vars', 'startup_env_var'],
  },
  insufficient_scope: { meaning: 'the remote server refused the token for missing scopes', primary_next_action: 'gateway.auth_connect', evidence_fields: ['auth_challenge'] },
  elicitation_required: { meaning: 'the server asked for a URL-mode sign-in', primary_next_action: 'gateway.auth_connect', evidence_fields: ['url_elicitations'] },
  policy_denied: { meaning: 'the policy denies this server or tool', primary_next_action: 'edit policy.yaml', evidence_fields: ['errors'] },
  unknown: { meaning: 'the credential state could not be determined', primary_next_action: 'gateway.health', evidence_fields: [] },
} as const;
