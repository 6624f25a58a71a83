// OAuth for remote MCP servers, one object per Gatehouse process: the transports' bearer tokens, the
// interactive sign-in (one per server at a time), sign-out and a status without values. State is kept per
// server URL, so every connection to one server (the supervised one, the catalog indexer's) shares one
// token and one renewal.
import { discoverOAuthServerInfo, type FetchLike } from '@modelcontextprotocol/client';
import type { RemoteServerDefinition } from '../config/types';
import type { KeychainBackend } from '../secrets/keychain';
import { safeMessage } from '../common/errors';
import { connectionAuth, type ConnectionAuth, type ConnectionAuthOptions } from './connection-auth';
import { missingScopes } from './expiry';
import { preregisteredClient } from './preregistered-client';
import { revokeToken } from './revoke';
import { ServerOAuthState } from './server-state';
import { startSignIn, type SignInSession } from './sign-in';
import { canonicalServerUrl, TokenRecords } from './token-records';

const SIGN_IN_TIMEOUT_MS = 10 * 60_000;

export interface RemoteOAuthOptions {
  backend: KeychainBackend;
  /** Every token value read or written (the redaction pipeline's secret values). */
  onSecret?: (value: string) => void;
  /** Requests to authorization servers and metadata documents (default: global fetch). */
  fetch?: FetchLike;
  now?: () => number;
  signInTimeoutMs?: number;
  /**
   * Resolves a `${NAME}` (a pre-registered client's secret, `gatehouse.oauth.client_secret`); the default
   * reads the process environment only. Values found must reach the redaction pipeline (the core's does).
   */
  resolveSecret?: (name: string) => Promise<string | null>;
}

export interface OAuthStatus {
  server: string;
  signed_in: boolean;
  scope: string | null;
  /** Scopes the server asked for that the stored token lacks (a sign-in asks for them). */
  missing_scopes: string[];
  expires_at: string | null;
  refreshable: boolean;
  /** The authorization URL of a sign-in waiting for its browser, if one is. */
  pending_authorization_url: string | null;
}

export interface SignOutResult {
  server: string;
  /** Whether a sign-in was stored. */
  was_signed_in: boolean;
  /** Which tokens the authorization server confirmed revoked. */
  revoked: ('refresh_token' | 'access_token')[];
  /** Why revocation did not happen (the stored tokens are deleted all the same). */
  revocation_note: string | null;
}

/**
 * A sign-in began (a settled session: a refresh sufficed, no browser step) or a sign-out ended one. Every
 * sign-in of this process passes here, whoever started it (the panel, an agent's gateway.auth_connect),
 * so one listener sees them all. The session carries no token.
 */
export type OAuthChange =
  | { kind: 'sign_in'; definition: RemoteServerDefinition; session: SignInSession }
  | { kind: 'signed_out'; definition: RemoteServerDefinition };

export class RemoteOAuth {
  private readonly records: TokenRecords;
  private readonly states = new Map<string, ServerOAuthState>();
  private readonly signIns = new Map<string, SignInSession>();
  private readonly listeners = new Set<(change: OAuthChange) => void>();
  private readonly fetchFn: FetchLike;

  constructor(private readonly options: RemoteOAuthOptions) {
    this.records = new TokenRecords(options.backend);
    this.fetchFn = options.fetch ?? ((url, init) => fetch(url, init));
  }

  private stateFor(definition: RemoteServerDefinition): ServerOAuthState {
    const key = canonicalServerUrl(definition.url);
    let state = this.states.get(key);
    if (!state) {
      state = new ServerOAuthState(key, this.records, {
        onSecret: this.options.onSecret ?? (() => undefined),
        now: this.options.now ?? Date.now,
        resolveSecret: this.options.resolveSecret ?? (async (name) => process.env[name] || null),
      });
      this.states.set(key, state);
    }
    return state;
  }

  /** Tells `listener` of every sign-in started and every sign-out; returns the way to stop. */
  onChange(listener: (change: OAuthChange) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private tell(change: OAuthChange): void {
    // A listener's failure is its own: the sign-in goes on (the agent still gets its URL).
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch {
        // ignored: see above
      }
    }
  }

  /** The transport's token source for one connection. */
  connectionAuth(definition: RemoteServerDefinition, refused: ConnectionAuthOptions['refused']): ConnectionAuth {
    return connectionAuth(this.stateFor(definition), definition, { fetchFn: this.fetchFn, refused });
  }

  /** The sign-in waiting for its browser, if one is (settled ones are forgotten once read). */
  pendingSignIn(definition: RemoteServerDefinition): SignInSession | null {
    return this.signIns.get(canonicalServerUrl(definition.url)) ?? null;
  }

  /** Drops a settled sign-in once its outcome was reported, so the next request starts a new one. */
  forgetSignIn(definition: RemoteServerDefinition, session: SignInSession): void {
    const key = canonicalServerUrl(definition.url);
    if (this.signIns.get(key) === session) this.signIns.delete(key);
  }

  /**
   * Starts a sign-in, or returns the one already waiting. The session's authorization URL is what the
   * person opens; `done` settles when the browser came back (or the flow failed or timed out).
   */
  async signIn(definition: RemoteServerDefinition, options: { scope?: string | null; force?: boolean } = {}): Promise<SignInSession> {
    const key = canonicalServerUrl(definition.url);
    const waiting = this.signIns.get(key);
    if (waiting && waiting.settled === null) return waiting;
    const session = await startSignIn(this.stateFor(definition), definition, {
      fetchFn: this.fetchFn,
      scope: options.scope ?? null,
      force: options.force,
      timeoutMs: this.options.signInTimeoutMs ?? SIGN_IN_TIMEOUT_MS,
    });
    this.signIns.set(key, session);
    this.tell({ kind: 'sign_in', definition, session });
    void session.done.then(() => {
      // Kept a moment after it settles so a caller asking "is it done?" reads the outcome once.
      if (this.signIns.get(key) === session) setTimeout(() => this.signIns.get(key) === session && this.signIns.delete(key), 60_000).unref();
    });
    return session;
  }

  async status(definition: RemoteServerDefinition): Promise<OAuthStatus> {
    const state = this.stateFor(definition);
    const record = await state.loadTokens(true);
    const pending = this.signIns.get(canonicalServerUrl(definition.url));
    return {
      server: definition.name,
      signed_in: record !== null,
      scope: record?.scope ?? null,
      missing_scopes: record ? missingScopes(record.required_scope, record.scope) : [],
      expires_at: record?.expires_at ? new Date(record.expires_at).toISOString() : null,
      refreshable: Boolean(record?.refresh_token),
      pending_authorization_url: pending && pending.settled === null ? pending.authorizationUrl : null,
    };
  }

  /** Revokes the stored tokens at the authorization server (RFC 7009) where it offers that, then deletes them. */
  async signOut(definition: RemoteServerDefinition): Promise<SignOutResult> {
    const key = canonicalServerUrl(definition.url);
    this.signIns.get(key)?.cancel();
    this.signIns.delete(key);
    const state = this.stateFor(definition);
    const record = await state.loadTokens(true);
    const result: SignOutResult = { server: definition.name, was_signed_in: record !== null, revoked: [], revocation_note: null };
    if (!record) {
      await state.deleteTokens();
      this.tell({ kind: 'signed_out', definition });
      return result;
    }
    try {
      const configured = definition.auth?.protectedResourceMetadataUrl;
      const metadata =
        state.discovery?.authorizationServerMetadata ??
        (await discoverOAuthServerInfo(definition.url, { fetchFn: this.fetchFn, ...(configured ? { resourceMetadataUrl: new URL(configured) } : {}) })).authorizationServerMetadata;
      // OIDC metadata types leave revocation_endpoint out, though servers publish it there too.
      const endpoint = (metadata as { revocation_endpoint?: unknown } | undefined)?.revocation_endpoint;
      if (typeof endpoint !== 'string') {
        result.revocation_note = 'the authorization server offers no revocation endpoint; the tokens stay valid there until they expire';
      } else {
        const client = (await preregisteredClient(definition, state)) ?? (await state.loadClient());
        // The refresh token first: revoking it ends the grant, which most servers extend to its access tokens.
        if (record.refresh_token && (await revokeToken(endpoint, record.refresh_token, 'refresh_token', client, this.fetchFn)) === 'revoked') {
          result.revoked.push('refresh_token');
        }
        if ((await revokeToken(endpoint, record.access_token, 'access_token', client, this.fetchFn)) === 'revoked') result.revoked.push('access_token');
        else result.revocation_note = 'the access token cannot be revoked (the server does not support it for this token type); it stays valid until it expires';
      }
    } catch (error) {
      result.revocation_note = `revoking at the authorization server failed (${safeMessage(error).slice(0, 200)}); the stored tokens are deleted all the same`;
    }
    await state.deleteTokens();
    state.problem = null;
    state.issuedAfterRefusal.clear();
    this.tell({ kind: 'signed_out', definition });
    return result;
  }
}
