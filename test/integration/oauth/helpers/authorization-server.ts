// A real OAuth 2.1 / OpenID authorization server on loopback for the OAuth tests: oidc-provider with open
// dynamic client registration (RFC 7591), PKCE, resource indicators (RFC 8707: JWT access tokens whose
// audience is the requested resource), rotating refresh tokens and revocation (RFC 7009). Its interaction
// step (login and consent) is answered by the test's "person" through the provider's interaction API:
// approve everything asked, or deny once when told to.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import { Provider } from 'oidc-provider';

export const RESOURCE_SCOPES = 'docs:read docs:admin';

export interface AuthorizationServer {
  issuer: string;
  provider: Provider;
  /** The next interaction answers access_denied instead of approving. */
  denyNext(): void;
  /** Resources tokens were requested for (the `resource` of each token request, RFC 8707). */
  readonly resourcesRequested: string[];
  close(): Promise<void>;
}

export interface AuthorizationServerOptions {
  /** Access token lifetime in seconds (default 600). */
  accessTokenTtl?: number;
  /**
   * Client ID metadata documents (SEP-991) by URL: enables the feature and serves these documents where
   * the server would fetch them from their https host (no such host exists on this machine).
   */
  clientIdDocuments?: Record<string, Record<string, unknown>>;
  /** Clients registered beforehand (oidc-provider client metadata). */
  clients?: Record<string, unknown>[];
  /** Open dynamic client registration (default true). */
  registration?: boolean;
}

async function signingKeys() {
  const ec = await generateKeyPair('ES256', { extractable: true });
  const rsa = await generateKeyPair('RS256', { extractable: true });
  return [
    { ...(await exportJWK(ec.privateKey)), kid: 'ec-1', alg: 'ES256', use: 'sig' },
    { ...(await exportJWK(rsa.privateKey)), kid: 'rsa-1', alg: 'RS256', use: 'sig' },
  ];
}

function documentFetch(documents: Record<string, Record<string, unknown>>) {
  return async (url: string | URL, init?: RequestInit) => {
    const document = documents[String(url)];
    if (!document) return fetch(url, init);
    return new Response(JSON.stringify(document), { status: 200, headers: { 'content-type': 'application/json', 'cache-control': 'max-age=60' } });
  };
}

export async function startAuthorizationServer(options: AuthorizationServerOptions = {}): Promise<AuthorizationServer> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ttl = options.accessTokenTtl ?? 600;
  const resourcesRequested: string[] = [];
  let deny = false;

  const provider = new Provider(issuer, {
    jwks: { keys: await signingKeys() },
    cookies: { keys: ['gatehouse-oauth-test-cookie-key'] },
    findAccount: async (_ctx: unknown, sub: string) => ({ accountId: sub, claims: async () => ({ sub }) }),
    scopes: ['openid', 'offline_access', ...RESOURCE_SCOPES.split(' ')],
    ...(options.clientIdDocuments ? { fetch: documentFetch(options.clientIdDocuments) } : {}),
    ...(options.clients ? { clients: options.clients } : {}),
    features: {
      ...(options.clientIdDocuments ? { clientIdMetadataDocument: { enabled: true, ack: 'draft-02' } } : {}),
      devInteractions: { enabled: false },
      registration: { enabled: options.registration ?? true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, resource: string) => {
          resourcesRequested.push(resource);
          return { scope: RESOURCE_SCOPES, audience: resource, accessTokenTTL: ttl, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'ES256' } } };
        },
      },
    },
    // Every client that may refresh gets a refresh token (not only those asking offline_access with consent).
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: { AccessToken: ttl, RefreshToken: 3600, Grant: 3600, Interaction: 600, Session: 3600, AuthorizationCode: 60 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
  });
  // oidc-provider reports server-side errors as events; the tests look at answers, not at these.
  provider.on('server_error', () => undefined);

  const callback = provider.callback();
  const interact = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    if (deny) {
      deny = false;
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'the person declined' }, { mergeWithLastSubmission: false });
      return;
    }
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(req, res, { login: { accountId: 'alice' } }, { mergeWithLastSubmission: false });
      return;
    }
    const clientId = String(details.params.client_id);
    const grant = (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ?? new provider.Grant({ accountId: details.session?.accountId ?? 'alice', clientId });
    const missing = details.prompt.details;
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(resource, scopes.join(' '));
    await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  };
  handler = (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interact(req, res).catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
      return;
    }
    callback(req, res);
  };

  return {
    issuer,
    provider,
    resourcesRequested,
    denyNext: () => {
      deny = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
