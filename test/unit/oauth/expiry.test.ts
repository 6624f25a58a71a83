// When a stored token is renewed, and what is kept across a renewal (oauth/expiry.ts).
import { describe, expect, it } from 'vitest';
import { missingScopes, recordFromTokens, renewalDue, scopeUnion, tokensFromRecord } from '../../../src/main/oauth/expiry';
import type { TokenRecord } from '../../../src/main/oauth/token-records';

const NOW = 1_000_000_000_000;
const URL_ = 'https://docs.example.com/mcp';

describe('renewalDue', () => {
  it('renews within a minute of expiry, not before', () => {
    const hour = { expires_at: NOW + 3_600_000, lifetime_ms: 3_600_000 };
    expect(renewalDue(hour, NOW)).toBe(false);
    expect(renewalDue(hour, NOW + 3_600_000 - 61_000)).toBe(false);
    expect(renewalDue(hour, NOW + 3_600_000 - 60_000)).toBe(true);
    expect(renewalDue(hour, NOW + 3_700_000)).toBe(true);
  });

  it('uses half the lifetime for short-lived tokens, so a 40-second token is not renewed before every request', () => {
    const short = { expires_at: NOW + 40_000, lifetime_ms: 40_000 };
    expect(renewalDue(short, NOW)).toBe(false);
    expect(renewalDue(short, NOW + 19_000)).toBe(false);
    expect(renewalDue(short, NOW + 20_000)).toBe(true);
  });

  it('never renews a token without an expiry', () => {
    expect(renewalDue({ expires_at: null, lifetime_ms: null }, NOW + 10 ** 12)).toBe(false);
  });
});

describe('recordFromTokens', () => {
  const previous: TokenRecord = {
    v: 1, server_url: URL_, issuer: 'https://as.example.com', access_token: 'old-access', token_type: 'Bearer', refresh_token: 'old-refresh',
    scope: 'docs:read', expires_at: NOW, lifetime_ms: 600_000, required_scope: 'docs:read docs:admin', saved_at: NOW - 600_000,
  };

  it('keeps the refresh token, issuer and scope a refresh answer leaves out (RFC 6749 §6)', () => {
    const record = recordFromTokens({ access_token: 'new-access', token_type: 'Bearer', expires_in: 300 }, { serverUrl: URL_, previous, now: NOW });
    expect(record).toMatchObject({ access_token: 'new-access', refresh_token: 'old-refresh', issuer: 'https://as.example.com', scope: 'docs:read', expires_at: NOW + 300_000, lifetime_ms: 300_000 });
  });

  it('keeps a step-up scope wanted until a token grants it', () => {
    const narrow = recordFromTokens({ access_token: 'a', token_type: 'Bearer', scope: 'docs:read' }, { serverUrl: URL_, previous, now: NOW });
    expect(narrow.required_scope).toBe('docs:admin');
    const wide = recordFromTokens({ access_token: 'b', token_type: 'Bearer', scope: 'docs:read docs:admin' }, { serverUrl: URL_, previous, now: NOW });
    expect(wide.required_scope).toBeNull();
  });

  it('gives the SDK expires_in counted from now, never negative', () => {
    const record = recordFromTokens({ access_token: 'a', token_type: 'Bearer', expires_in: 60 }, { serverUrl: URL_, previous: null, now: NOW });
    expect(tokensFromRecord(record, NOW + 20_000).expires_in).toBe(40);
    expect(tokensFromRecord(record, NOW + 90_000).expires_in).toBe(0);
    expect(tokensFromRecord(record, NOW)).not.toHaveProperty('refresh_token');
  });
});

describe('scopes', () => {
  it('unions without repeats and names what a grant lacks', () => {
    expect(scopeUnion('a b', null, 'b c', undefined)).toBe('a b c');
    expect(scopeUnion(null, '')).toBeNull();
    expect(missingScopes('a b c', 'b')).toEqual(['a', 'c']);
  });
});
