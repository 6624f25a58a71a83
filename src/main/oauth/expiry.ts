// When a stored access token is renewed: shortly before it expires, so a request never carries a token
// the server is about to refuse. "Shortly" is a minute, or half the token's lifetime for short-lived
// tokens: a fixed minute would renew a 45-second token before every single request.
import type { OAuthTokens } from '@modelcontextprotocol/client';
import type { TokenRecord } from './token-records';

const MARGIN_MS = 60_000;

export function renewalDue(record: Pick<TokenRecord, 'expires_at' | 'lifetime_ms'>, now: number): boolean {
  if (record.expires_at === null) return false;
  const margin = Math.min(MARGIN_MS, (record.lifetime_ms ?? MARGIN_MS * 2) / 2);
  return record.expires_at - now <= margin;
}

/** The SDK's token answer as Gatehouse keeps it: absolute expiry, no id_token (not needed, often large). */
export function recordFromTokens(
  tokens: OAuthTokens & { issuer?: string },
  context: { serverUrl: string; previous: TokenRecord | null; now: number },
): TokenRecord {
  const lifetime = typeof tokens.expires_in === 'number' && Number.isFinite(tokens.expires_in) ? tokens.expires_in * 1000 : null;
  const previous = context.previous;
  const scope = tokens.scope ?? previous?.scope ?? null;
  // A step-up scope stays wanted until a token grants it.
  const stillRequired = previous?.required_scope ? missingScopes(previous.required_scope, scope).join(' ') || null : null;
  return {
    v: 1,
    server_url: context.serverUrl,
    issuer: tokens.issuer ?? previous?.issuer ?? null,
    access_token: tokens.access_token,
    token_type: tokens.token_type,
    // A refresh answer may leave the refresh token out: the old one stays valid (RFC 6749 §6).
    refresh_token: tokens.refresh_token ?? previous?.refresh_token ?? null,
    scope,
    expires_at: lifetime === null ? null : context.now + lifetime,
    lifetime_ms: lifetime,
    required_scope: stillRequired,
    saved_at: context.now,
  };
}

/** The SDK's view of a stored record: expires_in counted from now. */
export function tokensFromRecord(record: TokenRecord, now: number): OAuthTokens & { issuer?: string } {
  return {
    access_token: record.access_token,
    token_type: record.token_type,
    ...(record.refresh_token ? { refresh_token: record.refresh_token } : {}),
    ...(record.scope ? { scope: record.scope } : {}),
    ...(record.expires_at !== null ? { expires_in: Math.max(0, Math.floor((record.expires_at - now) / 1000)) } : {}),
    ...(record.issuer ? { issuer: record.issuer } : {}),
  };
}

export function scopeWords(scope: string | null | undefined): string[] {
  return [...new Set((scope ?? '').split(/[ \t]+/).filter(Boolean))];
}

/** Scopes in `wanted` that `granted` lacks. */
export function missingScopes(wanted: string | null | undefined, granted: string | null | undefined): string[] {
  const have = new Set(scopeWords(granted));
  return scopeWords(wanted).filter((s) => !have.has(s));
}

export function scopeUnion(...scopes: (string | null | undefined)[]): string | null {
  const words = [...new Set(scopes.flatMap(scopeWords))];
  return words.length ? words.join(' ') : null;
}
