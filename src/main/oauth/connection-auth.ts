// The bearer token a remote server's transport sends, from the stored sign-in: renewed shortly before it
// expires, renewed again when the server refuses it (401), and never an interactive step: when a person
// is needed the refusal becomes the E201 that says to sign in. Handed to the SDK transports as a minimal
// AuthProvider; with no full OAuthClientProvider the transport raises insufficient_scope instead of
// starting a browser flow of its own (step-up goes through an explicit sign-in).
import { auth, type AuthProvider, type FetchLike } from '@modelcontextprotocol/client';
import type { RemoteServerDefinition } from '../config/types';
import { safeMessage } from '../common/errors';
import { GatehouseOAuthProvider, ResourceMismatch, SignInRequired } from './client-provider';
import { renewalDue } from './expiry';
import type { OAuthProblem } from './problem';
import type { ServerChallenge, ServerOAuthState } from './server-state';
import { OAuthError } from '@modelcontextprotocol/client';

export interface ConnectionAuth {
  authProvider: AuthProvider;
  /** Whether this Authorization header carries a token obtained in answer to a refusal (refusing it again is final). */
  refusedAfterRenewal(authorization: string | null): boolean;
  /** The server answered 403 insufficient_scope asking for `scope`: the next sign-in asks for it. */
  requireScope(scope: string): Promise<void>;
  /** The server's Bearer challenge on a refusal: the next sign-in discovers and scopes from it. */
  noteChallenge(challenge: ServerChallenge): void;
  /** Why no working token could be presented, once a refusal happened; null while none did. */
  problem(): OAuthProblem | null;
}

export interface ConnectionAuthOptions {
  fetchFn: FetchLike;
  /** Turns a problem into the error the request fails with (the caller adds the server's challenge). */
  refused: (problem: OAuthProblem) => Error;
}

/** Renews the stored token through the SDK's refresh grant; one renewal per server at a time. */
export function renew(state: ServerOAuthState, definition: RemoteServerDefinition, fetchFn: FetchLike, resourceMetadataUrl?: URL): Promise<void> {
  state.renewal ??= (async () => {
    const provider = new GatehouseOAuthProvider(state, definition, null);
    const configured = definition.auth?.protectedResourceMetadataUrl;
    const metadataUrl = resourceMetadataUrl ?? (configured ? new URL(configured) : undefined);
    try {
      await auth(provider, { serverUrl: definition.url, fetchFn, ...(metadataUrl ? { resourceMetadataUrl: metadataUrl } : {}) });
    } catch (error) {
      state.problem = problemOf(error);
      throw error;
    }
  })().finally(() => {
    state.renewal = null;
  });
  return state.renewal;
}

function problemOf(error: unknown): OAuthProblem {
  if (error instanceof SignInRequired) return error.problem;
  if (error instanceof ResourceMismatch) return { kind: 'renewal_failed', detail: error.message };
  if (error instanceof OAuthError) return { kind: 'renewal_refused', detail: `${error.code}: ${safeMessage(error).slice(0, 200)}` };
  return { kind: 'renewal_failed', detail: safeMessage(error).slice(0, 300) };
}

export function connectionAuth(state: ServerOAuthState, definition: RemoteServerDefinition, options: ConnectionAuthOptions): ConnectionAuth {
  let refusals = 0;
  const tokenNow = async (): Promise<string | undefined> => {
    const record = await state.loadTokens();
    if (!record) return undefined;
    if (record.refresh_token && renewalDue(record, state.hooks.now())) {
      // A failed renewal is reported when the server refuses the old token, not here.
      await renew(state, definition, options.fetchFn).catch(() => undefined);
    }
    return state.cachedTokens()?.access_token;
  };

  const onUnauthorized = async (ctx: { response: Response }): Promise<void> => {
    refusals++;
    const held = state.cachedTokens()?.access_token ?? null;
    // Another Gatehouse process (the CLI's sign-in) may have stored a newer token meanwhile.
    const stored = await state.loadTokens(true);
    if (stored && stored.access_token !== held) return;
    if (!stored) throw options.refused(state.problem ?? { kind: 'not_signed_in', detail: 'no token is stored for this server' });
    if (!stored.refresh_token) {
      state.problem = { kind: 'renewal_refused', detail: 'the token was refused and no refresh token was issued with it' };
      throw options.refused(state.problem);
    }
    const metadataUrl = resourceMetadataOf(ctx.response);
    // A refusal may mean the server moved to another authorization server (SEP-2352): renew against what
    // its metadata says now. Tokens of the old issuer are then not refreshed but reported as a sign-in
    // to do again, which registers with the new one.
    state.discovery = undefined;
    try {
      await renew(state, definition, options.fetchFn, metadataUrl);
    } catch {
      throw options.refused(state.problem ?? { kind: 'renewal_failed', detail: 'renewing the token failed' });
    }
    const fresh = state.cachedTokens()?.access_token;
    if (fresh) state.issuedAfterRefusal.add(fresh);
  };

  return {
    authProvider: { token: tokenNow, onUnauthorized },
    refusedAfterRenewal(authorization) {
      const token = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1];
      if (!token || !state.issuedAfterRefusal.has(token)) return false;
      state.problem = { kind: 'token_refused', detail: 'the server may expect another audience, issuer or scope' };
      return true;
    },
    requireScope: (scope) => state.requireScope(scope),
    noteChallenge: (challenge) => {
      state.challenge = challenge;
    },
    problem: () => (refusals > 0 ? (state.problem ?? { kind: 'not_signed_in', detail: 'no token is stored for this server' }) : state.problem),
  };
}

function resourceMetadataOf(response: Response): URL | undefined {
  const header = response.headers.get('www-authenticate') ?? '';
  const match = /resource_metadata="([^"]+)"/i.exec(header);
  if (!match?.[1]) return undefined;
  try {
    const url = new URL(match[1]);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}
