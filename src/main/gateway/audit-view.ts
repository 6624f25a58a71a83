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

export function auditView(event: AuditEvent) {
  return {
    timestamp: event.ts,
    method: event.method,
    action: event.method === 'tools/call' && event.tool ? 'invoke' : event.method,
    outcome: OUTCOME[event.outcome],
    latency_ms: event.latency_ms,
    server_name: event.server,
    tool_id: event.tool,
    auth_state: event.auth_state,
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
