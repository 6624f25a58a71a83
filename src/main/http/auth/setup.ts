// Builds the authenticator for the resolved auth settings, plus what resource-server mode publishes:
// the RFC 9728 protected-resource metadata and its URL (advertised in every challenge).
import { getOAuthProtectedResourceMetadataUrl } from '@modelcontextprotocol/server';
import type { AuthSettings } from '../settings';
import { JwksCache, type JwksCacheOptions } from './jwks-cache';
import { createResourceServerAuth } from './resource-server';
import { createNoAuth, createSharedSecretAuth, withInstanceToken } from './shared-secret';
import type { Authenticator } from './types';

export interface ProtectedResource {
  /** Paths this document is served at: the root well-known and the path-aware one. */
  paths: string[];
  metadata: Record<string, unknown>;
}

export interface AuthSetup {
  authenticator: Authenticator;
  protectedResource: ProtectedResource | null;
  /** URLs whose hosts count as this gateway's own (Host check). */
  publicUrls: string[];
  jwks: JwksCache | null;
}

export function createAuthSetup(
  auth: AuthSettings,
  options: { instanceToken: string | null; log: (line: string) => void; jwks?: Partial<Omit<JwksCacheOptions, 'url'>> },
): AuthSetup {
  if (auth.mode === 'none') {
    return { authenticator: withInstanceToken(createNoAuth(), options.instanceToken), protectedResource: null, publicUrls: [], jwks: null };
  }
  if (auth.mode === 'shared-secret') {
    return {
      authenticator: withInstanceToken(createSharedSecretAuth(auth.tokens), options.instanceToken),
      protectedResource: null,
      publicUrls: [],
      jwks: null,
    };
  }
  const audience = new URL(auth.audience);
  const resourceMetadataUrl = getOAuthProtectedResourceMetadataUrl(audience);
  const jwks = new JwksCache({ url: auth.jwksUrl, log: options.log, ...options.jwks });
  const inner = createResourceServerAuth(
    { issuer: auth.issuer, audience: auth.audience, algorithms: auth.algorithms, requiredScopes: auth.requiredScopes, resourceMetadataUrl },
    jwks,
  );
  const pathAware = new URL(resourceMetadataUrl).pathname;
  return {
    authenticator: withInstanceToken(inner, options.instanceToken),
    protectedResource: {
      paths: [...new Set(['/.well-known/oauth-protected-resource', pathAware])],
      metadata: {
        resource: auth.audience,
        authorization_servers: [auth.issuer],
        ...(auth.requiredScopes.length && { scopes_supported: auth.requiredScopes }),
        bearer_methods_supported: ['header'],
        resource_name: 'Gatehouse',
      },
    },
    publicUrls: [auth.audience],
    jwks,
  };
}
