// What every auth mode answers for one request: who the caller is, or the exact HTTP refusal
// (contract §8.1). The /mcp pipeline and /metrics share one authenticator.
import type { AuthState } from '../../logs/audit-ring';

export type AuthMode = 'none' | 'shared-secret' | 'resource-server';

/**
 * Who is calling, as (method, id). Two callers are the same principal only when both match: a JWT whose
 * `sub` is "local" is not the holder of the instance token, whatever the names say (issue 11, item 11).
 */
export interface Principal {
  /** For people and logs: a token-file name, the JWT `sub` (or client id), `local`, `anonymous`. Never compared alone. */
  name: string;
  /** The method: `token` = a shared secret, `jwt` = an access token, `local` = the per-run instance token, `anonymous` = mode none. */
  kind: 'anonymous' | 'token' | 'jwt' | 'local';
  /** Who, within the method, exactly as authenticated (unsanitised): a token name; for a JWT its issuer with its subject or client id. */
  id: string;
  scopes: string[];
  /** Seconds since the epoch, for JWTs. */
  expiresAt?: number;
}

/** One string per (method, id); equal keys mean the same principal. The kind has no ':', so the key is unambiguous. */
export function principalKey(principal: Pick<Principal, 'kind' | 'id'>): string {
  return `${principal.kind}:${principal.id}`;
}

export interface AuthRefusal {
  ok: false;
  status: 401 | 403 | 503;
  headers: Record<string, string>;
  body: { error: string; error_description: string };
  state: AuthState;
}

export type AuthResult = { ok: true; principal: Principal; state: AuthState } | AuthRefusal;

export interface Authenticator {
  readonly mode: AuthMode;
  authenticate(authorization: string | undefined): Promise<AuthResult>;
  /** Secret values the redactor must hide (shared tokens, the instance token). */
  secrets(): readonly string[];
}

/** `Bearer <token>` → token; anything else (missing, another scheme, empty) → null. */
export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)[ ]*$/i.exec(authorization);
  return match?.[1] ?? null;
}

export function refusal(status: 401 | 403 | 503, state: AuthState, error: string, description: string, challenge?: string): AuthRefusal {
  return {
    ok: false,
    status,
    headers: challenge ? { 'www-authenticate': challenge } : {},
    body: { error, error_description: description },
    state,
  };
}

/** A quoted-string parameter value for WWW-Authenticate (RFC 9110 §11.2). */
export function quoteParam(value: string): string {
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}
