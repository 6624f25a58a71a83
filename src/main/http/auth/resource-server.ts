// Resource-server auth (contract §8.1): JWT access tokens verified with jose against the issuer's JWKS.
// The algorithm comes from the operator's allowlist, never from the token (so `none` and HS256 signed
// with the public key both fail before any key is used); iss, aud (the configured resource URI), exp and
// nbf (60 s leeway) and the required scopes are checked. 401/403 carry the RFC 6750 challenge with the
// RFC 9728 metadata URL; 503 means the keys could not be had, which is not the caller's fault.
import type { JWTPayload } from 'jose';
import { lazyPackage } from '../../common/lazy-package';

// Loaded when the first bearer token is checked: a gateway without resource-server auth never needs it.
const jose = lazyPackage<typeof import('jose')>('jose');
import { JwksUnavailableError, type JwksCache } from './jwks-cache';
import { bearerToken, quoteParam, refusal, type AuthRefusal, type Authenticator } from './types';

export const DEFAULT_ALGORITHMS = ['RS256', 'ES256'];
/** Asymmetric JWS algorithms jose verifies with a JWKS key; HS* and `none` can never be allowed. */
export const ASYMMETRIC_ALGORITHMS = new Set(['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519']);
export const CLOCK_TOLERANCE_S = 60;

export interface ResourceServerSettings {
  issuer: string;
  /** The canonical resource URI: the `aud` every token must contain; never derived from Host. */
  audience: string;
  algorithms: string[];
  requiredScopes: string[];
  /** RFC 9728 document URL advertised in challenges. */
  resourceMetadataUrl: string;
}

/** `scope` (space-separated string) and `scp` (array or string) both count. */
export function scopesOf(payload: JWTPayload): string[] {
  const found = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string') for (const s of value.split(/\s+/).filter(Boolean)) found.add(s);
    else if (Array.isArray(value)) for (const s of value) if (typeof s === 'string') found.add(s);
  };
  add(payload.scope);
  add(payload.scp);
  return [...found];
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * The token's principal: its subject, else the client it was issued to (client-credentials tokens), bound
 * to the issuer. The id keeps the claim values exactly — the display name is sanitised and cut, so two
 * subjects may share a name, never an id — and says which claim it came from, so a client id never
 * passes for a subject of the same value.
 */
export function jwtPrincipal(payload: JWTPayload): { name: string; id: string } {
  const clientId = [payload.client_id, payload.azp].find(nonEmpty);
  const [claim, value] = nonEmpty(payload.sub) ? ['sub', payload.sub] : clientId !== undefined ? ['client', clientId] : ['none', ''];
  const name = (value || 'jwt').replace(/[^\x21-\x7e]/g, '_').slice(0, 200);
  return { name, id: JSON.stringify([payload.iss ?? '', claim, value]) };
}

export function createResourceServerAuth(settings: ResourceServerSettings, jwks: JwksCache): Authenticator {
  const metadata = `resource_metadata=${quoteParam(settings.resourceMetadataUrl)}`;
  const invalid = (state: 'missing' | 'invalid', description: string): AuthRefusal =>
    refusal(401, state, 'invalid_token', description, `Bearer error="invalid_token", ${metadata}`);

  return {
    mode: 'resource-server',
    secrets: () => [],
    async authenticate(authorization) {
      const token = bearerToken(authorization);
      if (token === null) return invalid('missing', 'a Bearer access token is required');
      let alg: unknown;
      try {
        alg = jose().decodeProtectedHeader(token).alg;
      } catch {
        return invalid('invalid', 'the token is not a JWT');
      }
      // Refused before any key lookup, so a flood of bad tokens never reaches the JWKS.
      if (typeof alg !== 'string' || !settings.algorithms.includes(alg)) {
        return invalid('invalid', 'the token is signed with an algorithm this gateway does not accept');
      }
      let payload: JWTPayload;
      try {
        ({ payload } = await jose().jwtVerify(token, jwks.getKey, {
          issuer: settings.issuer,
          audience: settings.audience,
          algorithms: settings.algorithms,
          clockTolerance: CLOCK_TOLERANCE_S,
          requiredClaims: ['exp'],
        }));
      } catch (error) {
        if (error instanceof JwksUnavailableError) {
          return refusal(503, 'unavailable', 'temporarily_unavailable', 'the signing keys cannot be fetched right now; retry later');
        }
        return invalid('invalid', describeJoseError(error));
      }
      const scopes = scopesOf(payload);
      const missing = settings.requiredScopes.filter((s) => !scopes.includes(s));
      if (missing.length) {
        const scope = quoteParam(settings.requiredScopes.join(' '));
        return refusal(403, 'insufficient_scope', 'insufficient_scope', `the token lacks the scope(s): ${missing.join(' ')}`,
          `Bearer error="insufficient_scope", scope=${scope}, ${metadata}`);
      }
      return {
        ok: true,
        principal: { ...jwtPrincipal(payload), kind: 'jwt', scopes, expiresAt: payload.exp },
        state: 'authenticated',
      };
    },
  };
}

/** A short reason without echoing claim values (the token may carry personal data). */
function describeJoseError(error: unknown): string {
  const { errors } = jose();
  if (error instanceof errors.JWTExpired) return 'the token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'nbf') return 'the token is not valid yet';
    if (error.claim === 'iss') return 'the token was issued by another issuer';
    if (error.claim === 'aud') return 'the token is for another audience';
    return `the token's ${error.claim} claim is not acceptable`;
  }
  if (error instanceof errors.JWKSNoMatchingKey) return 'no signing key matches the token';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'the token signature does not verify';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'the token is signed with an algorithm this gateway does not accept';
  return 'the token is not valid';
}
