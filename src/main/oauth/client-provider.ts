// The SDK's OAuthClientProvider for one remote server: the SDK's auth() does discovery (RFC 9728, RFC 8414
// / OIDC), client registration (a client-ID metadata document URL when the server supports one, else
// dynamic registration, RFC 7591), PKCE S256, resource indicators (RFC 8707) and refresh; this class
// only keeps what it asks to keep (keychain for tokens and client, memory for the rest).
//
// Interactive (a sign-in in progress) it records the authorization URL for the browser. Otherwise, when
// auth() would need a person (no token, or the refresh token was refused), it throws the E201 that tells
// the operator to sign in: Gatehouse never opens a browser from a background connect.
import {
  checkResourceAllowed,
  type OAuthClientInformationContext,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { RemoteServerDefinition } from '../config/types';
import { tokensFromRecord } from './expiry';
import { preregisteredClient } from './preregistered-client';
import type { OAuthProblem } from './problem';
import type { ServerOAuthState } from './server-state';

/** A sign-in in progress: where the browser comes back to, and what the SDK hands over on the way. */
export interface InteractiveFlow {
  redirectUrl: string;
  state: string;
  authorizationUrl: string | null;
  codeVerifier: string | null;
}

/** Raised instead of a browser redirect when no person is there to sign in. */
export class SignInRequired extends Error {
  constructor(readonly problem: OAuthProblem) {
    super(problem.detail);
    this.name = 'SignInRequired';
  }
}

// Registration wants a redirect URI even when no sign-in runs; a non-interactive flow never uses it.
const PLACEHOLDER_REDIRECT = 'http://127.0.0.1/oauth/callback';

export class GatehouseOAuthProvider implements OAuthClientProvider {
  readonly clientMetadataUrl?: string;
  private verifier: string | null = null;

  constructor(
    private readonly server: ServerOAuthState,
    private readonly definition: RemoteServerDefinition,
    private readonly flow: InteractiveFlow | null,
  ) {
    // Used only where the authorization server says it fetches such documents (SEP-991).
    const documentUrl = definition.auth?.clientIdMetadataDocumentUrl;
    if (documentUrl) this.clientMetadataUrl = documentUrl;
  }

  get redirectUrl(): string {
    return this.flow?.redirectUrl ?? PLACEHOLDER_REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    const declared = this.definition.auth?.declaredScopes;
    return {
      client_name: 'Gatehouse',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // A desktop app cannot keep a client secret: a public client, protected by PKCE.
      token_endpoint_auth_method: 'none',
      application_type: 'native',
      ...(declared?.length ? { scope: declared.join(' ') } : {}),
    };
  }

  state(): string {
    return this.flow?.state ?? '';
  }

  async clientInformation(_ctx?: OAuthClientInformationContext): Promise<StoredOAuthClientInformation | undefined> {
    // A pre-registered client wins over anything registered before the entry named it.
    const preregistered = await preregisteredClient(this.definition, this.server);
    if (preregistered) return preregistered;
    const client = await this.server.loadClient();
    if (!client) return undefined;
    const { v: _v, server_url: _url, issuer, redirect_uris: _uris, token_endpoint_auth_method: _method, scope: _scope, ...info } = client;
    return { ...info, ...(issuer ? { issuer } : {}) };
  }

  async saveClientInformation(info: StoredOAuthClientInformation): Promise<void> {
    // The SDK stamps the issuer on the client it was given; a pre-registered one lives in the config.
    if (this.definition.auth?.preregisteredClient) return;
    const full = info as StoredOAuthClientInformation & { redirect_uris?: string[]; token_endpoint_auth_method?: string; scope?: string };
    await this.server.saveClient({
      issuer: info.issuer ?? null,
      client_id: info.client_id,
      ...(info.client_secret ? { client_secret: info.client_secret } : {}),
      ...(info.client_id_issued_at !== undefined ? { client_id_issued_at: info.client_id_issued_at } : {}),
      ...(info.client_secret_expires_at !== undefined ? { client_secret_expires_at: info.client_secret_expires_at } : {}),
      ...(full.redirect_uris ? { redirect_uris: full.redirect_uris } : {}),
      ...(full.token_endpoint_auth_method ? { token_endpoint_auth_method: full.token_endpoint_auth_method } : {}),
      ...(typeof full.scope === 'string' ? { scope: full.scope } : {}),
    });
  }

  async tokens(_ctx?: OAuthClientInformationContext): Promise<StoredOAuthTokens | undefined> {
    const record = await this.server.loadTokens();
    return record ? tokensFromRecord(record, this.server.hooks.now()) : undefined;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    await this.server.saveTokens(tokens);
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    if (this.flow) {
      this.flow.authorizationUrl = authorizationUrl.href;
      return;
    }
    throw new SignInRequired(
      this.server.tokensInvalidated
        ? { kind: 'renewal_refused', detail: 'the refresh token was revoked or has expired' }
        : { kind: 'not_signed_in', detail: 'no token is stored for this server' },
    );
  }

  saveCodeVerifier(codeVerifier: string): void {
    if (this.flow) this.flow.codeVerifier = codeVerifier;
    else this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    const verifier = this.flow ? this.flow.codeVerifier : this.verifier;
    if (!verifier) throw new Error('no PKCE code verifier was saved for this sign-in');
    return verifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'all' || scope === 'tokens') {
      this.server.tokensInvalidated = true;
      await this.server.deleteTokens();
    }
    if (scope === 'all' || scope === 'client') await this.server.deleteClient();
    if (scope === 'all' || scope === 'discovery') this.server.discovery = undefined;
    if (scope === 'all' || scope === 'verifier') this.saveCodeVerifier('');
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.server.discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.server.discovery;
  }

  /**
   * RFC 8707: the token is requested for this server's URL. Metadata naming another resource is refused
   * (a server must not obtain a token meant for someone else); without metadata the URL itself is used.
   * The metadata's identifier is sent exactly as published (RFC 9728 §3.3): a parsed URL would turn a
   * pathless "https://host" into "https://host/", which the authorization server treats as another
   * resource (and the token's audience would not match).
   */
  async validateResourceURL(serverUrl: string | URL, resource?: string): Promise<URL | undefined> {
    if (resource === undefined) return new URL(String(serverUrl));
    if (!checkResourceAllowed({ requestedResource: serverUrl, configuredResource: resource })) {
      throw new ResourceMismatch(String(serverUrl), resource);
    }
    return new VerbatimResource(resource);
  }
}

/**
 * A resource indicator that serialises as written. The SDK types the indicator as a URL and sends its
 * `href` in the authorization, token and refresh requests, so the published string rides in `href`.
 */
export class VerbatimResource extends URL {
  constructor(published: string) {
    super(published);
    // URL declares href as a data property, so it is shadowed per instance rather than overridden.
    Object.defineProperty(this, 'href', { get: () => published, enumerable: true });
    Object.defineProperty(this, 'toString', { value: () => published });
    Object.defineProperty(this, 'toJSON', { value: () => published });
  }
}

export class ResourceMismatch extends Error {
  constructor(
    readonly serverUrl: string,
    readonly resource: string,
  ) {
    super(`the protected resource metadata names ${resource}, not this server (${serverUrl}); Gatehouse does not request a token for another resource`);
    this.name = 'ResourceMismatch';
  }
}
