// Audit events as gateway.health shows them (contract §2.3): PMCP's field names and outcome words.
import type { AuditEvent } from '../logs/audit-ring';

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

/** Every auth_state word of contract §2.2; each one Gatehouse emits (answers, health rows, audit events). */
export type AuthStateWord = 'none' | 'missing_auth' | 'insufficient_scope' | 'elicitation_required' | 'policy_denied' | 'unknown';

interface AuthStateMeaning {
  meaning: string;
  primary_next_action: string | null;
  /** The answer fields that show why; an audit event shows only auth_event. */
  evidence_fields: readonly string[];
}

/**
 * What each auth_state means and what to do about it (contract §2.3 gateway_diagnostics). Typed by every
 * word, so a new one cannot be emitted without saying what it means. missing_auth and insufficient_scope
 * have two sources each: a ${VAR} with no value, and a remote server's refusal (remote-auth.ts); an audit
 * event uses the same words for the caller's own authentication to Gatehouse over HTTP.
 */
export const AUTH_STATE_SEMANTICS: Record<AuthStateWord, AuthStateMeaning> = {
  none: {
    meaning: 'no credential problem: the server needs none, or it has the one it needs; in an audit event, the caller was local or authenticated',
    primary_next_action: null,
    evidence_fields: [],
  },
  missing_auth: {
    meaning:
      'a credential is missing or was refused: a ${VAR} in the server\'s env or headers has no value in the environment or the keychain ' +
      '(missing_env_vars), or a remote server answered HTTP 401 (or 403 with error=invalid_token) to the credential it was sent ' +
      '(auth_challenge, auth_metadata); in an audit event, the caller\'s request to Gatehouse had no valid credential',
    primary_next_action: 'gateway.auth_connect',
    evidence_fields: ['missing_env_vars', 'startup_env_var', 'auth_challenge', 'auth_metadata', 'next_step', 'auth_event'],
  },
  insufficient_scope: {
    meaning:
      'a remote server refused the credential for lacking scopes: HTTP 403, or a challenge with error=insufficient_scope ' +
      '(auth_challenge.scope and missing_scopes name what it asked for); in an audit event, the caller\'s token lacked a scope Gatehouse requires',
    primary_next_action: 'gateway.auth_connect',
    evidence_fields: ['auth_challenge', 'auth_metadata', 'next_step', 'auth_event'],
  },
  elicitation_required: {
    meaning: 'the server asked for a URL-mode elicitation (a page the user opens to sign in or consent); nothing is stored',
    primary_next_action: 'gateway.auth_connect',
    evidence_fields: ['url_elicitations', 'next_step'],
  },
  policy_denied: {
    meaning: 'the policy denies this server or tool, or the tool is past limits.max_tools_per_server',
    primary_next_action: 'edit policy.yaml',
    evidence_fields: ['errors', 'next_step'],
  },
  unknown: {
    meaning: 'the credential state could not be determined; in an audit event, Gatehouse could not check the caller\'s credential',
    primary_next_action: 'gateway.health',
    evidence_fields: ['auth_event'],
  },
};
