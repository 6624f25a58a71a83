// Shared-secret auth (contract §8.1): `Authorization: Bearer <token>` compared in constant time against
// every configured token, so neither a mismatch nor which token matched shows in the timing. A token
// file may hold several `name:token` lines; the name becomes the principal.
import { createHash, timingSafeEqual } from 'node:crypto';
import { GatewayError } from '../../common/errors';
import { bearerToken, refusal, type Authenticator, type Principal } from './types';

export interface NamedToken {
  principal: string;
  token: string;
}

export const DEFAULT_PRINCIPAL = 'default';
export const MIN_TOKEN_LENGTH = 16;
const NAME = /^[A-Za-z0-9_.-]{1,64}$/;
// `local` is the instance token's principal and `anonymous` mode none's: a token file cannot claim them.
const RESERVED = new Set(['local', 'anonymous']);
const TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Equal-length digests make timingSafeEqual usable for tokens of any length. */
export function constantTimeEqual(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

/** Checks one token's shape; the message names where it came from, never its value. */
export function checkToken(token: string, where: string): void {
  if (!TOKEN.test(token)) {
    throw new GatewayError('E101', `${where}: the token has characters a Bearer token cannot carry`, { source: where },
      'use letters, digits and -._~+/ only (for example: openssl rand -base64 32 | tr -d =)');
  }
  if (token.length < MIN_TOKEN_LENGTH) {
    throw new GatewayError('E101', `${where}: the token is shorter than ${MIN_TOKEN_LENGTH} characters`, { source: where },
      'generate a longer one, for example: openssl rand -hex 32');
  }
}

/** Parses a token file: `name:token` or bare `token` lines, `#` comments and blank lines ignored. */
export function parseTokenFile(text: string, path: string): NamedToken[] {
  const tokens: NamedToken[] = [];
  const seenNames = new Set<string>();
  text.split(/\r?\n/).forEach((rawLine, index) => {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) return;
    const where = `${path}:${index + 1}`;
    const colon = line.indexOf(':');
    const named = colon > 0 && NAME.test(line.slice(0, colon));
    const principal = named ? line.slice(0, colon) : DEFAULT_PRINCIPAL;
    const token = named ? line.slice(colon + 1).trim() : line;
    checkToken(token, where);
    if (RESERVED.has(principal)) {
      throw new GatewayError('E101', `${where}: the name "${principal}" is reserved`, { path, line: index + 1 }, 'pick another name for this token');
    }
    if (seenNames.has(principal)) {
      throw new GatewayError('E101', `${where}: the name "${principal}" appears twice`, { path, line: index + 1 }, 'give every token line its own name');
    }
    if (tokens.some((existing) => constantTimeEqual(existing.token, token))) {
      throw new GatewayError('E101', `${where}: this token is already listed under another name`, { path, line: index + 1 }, 'give every principal its own token');
    }
    seenNames.add(principal);
    tokens.push({ principal, token });
  });
  if (tokens.length === 0) {
    throw new GatewayError('E101', `${path}: the token file holds no token`, { path }, 'add a line "name:token" (or just the token)');
  }
  return tokens;
}

/** Finds the token's principal, visiting every entry so the time taken does not depend on the match. */
export function matchToken(tokens: readonly NamedToken[], presented: string): string | null {
  let found: string | null = null;
  for (const entry of tokens) {
    if (constantTimeEqual(entry.token, presented) && found === null) found = entry.principal;
  }
  return found;
}

export function createSharedSecretAuth(tokens: readonly NamedToken[]): Authenticator {
  return {
    mode: 'shared-secret',
    secrets: () => tokens.map((t) => t.token),
    async authenticate(authorization) {
      const presented = bearerToken(authorization);
      if (presented === null) {
        return refusal(401, 'missing', 'invalid_token', 'a Bearer token is required', 'Bearer');
      }
      const name = matchToken(tokens, presented);
      if (name === null) {
        return refusal(401, 'invalid', 'invalid_token', 'the token is not valid for this gateway', 'Bearer error="invalid_token"');
      }
      const principal: Principal = { name, kind: 'token', id: name, scopes: [] };
      return { ok: true, principal, state: 'authenticated' };
    },
  };
}

export function createNoAuth(): Authenticator {
  return {
    mode: 'none',
    secrets: () => [],
    async authenticate() {
      return { ok: true, principal: { name: 'anonymous', kind: 'anonymous', id: 'anonymous', scopes: [] }, state: 'none' };
    },
  };
}

/**
 * The per-run instance token (instance.json) is accepted in every mode so a local stdio bridge can
 * always attach; everything else goes to the configured mode.
 */
export function withInstanceToken(inner: Authenticator, instanceToken: string | null): Authenticator {
  if (!instanceToken) return inner;
  return {
    mode: inner.mode,
    secrets: () => [...inner.secrets(), instanceToken],
    async authenticate(authorization) {
      const presented = bearerToken(authorization);
      if (presented !== null && constantTimeEqual(presented, instanceToken)) {
        return { ok: true, principal: { name: 'local', kind: 'local', id: 'local', scopes: [] }, state: 'local' };
      }
      return inner.authenticate(authorization);
    },
  };
}
