// An interactive sign-in (authorization code + PKCE through a loopback redirect): discovery, registration
// and the authorization URL come from the SDK's auth(); the person opens the URL (the desktop app opens
// the browser through its hook, headless use prints it), approves, and the authorization server sends the
// browser back to the loopback listener, whose code auth() exchanges for tokens. Tokens land in the
// keychain through the provider; nothing here writes a file.
import { randomBytes } from 'node:crypto';
import { auth, type FetchLike } from '@modelcontextprotocol/client';
import type { RemoteServerDefinition } from '../config/types';
import { probeChallenge } from './challenge-probe';
import { GatehouseOAuthProvider, type InteractiveFlow } from './client-provider';
import { missingScopes, scopeUnion } from './expiry';
import { openLoopbackRedirect } from './loopback-redirect';
import type { ServerOAuthState } from './server-state';
import { signInFailure } from './sign-in-errors';

export interface SignInOutcome {
  ok: boolean;
  message: string;
  /** The scope the stored token grants (ok only). */
  scope: string | null;
}

export interface SignInSession {
  server: string;
  /** Null when no browser step was needed (a refresh sufficed). */
  authorizationUrl: string | null;
  redirectUrl: string | null;
  /** Settled once the browser came back and the code was exchanged, or the flow failed or timed out. */
  done: Promise<SignInOutcome>;
  settled: SignInOutcome | null;
  cancel(): void;
}

export interface SignInOptions {
  fetchFn: FetchLike;
  /** Extra scope to ask for (added to what the server asked for before). */
  scope?: string | null;
  /** Ask the person again even when the stored token looks fine. */
  force?: boolean;
  timeoutMs: number;
}

/**
 * The scope to ask for and whether a refresh could do (it cannot widen a grant, RFC 6749 §6). The
 * server's challenge comes first (the spec's scope selection: the WWW-Authenticate scope, else the
 * metadata's scopes_supported, which the SDK applies when this is null); a step-up asks for what was
 * granted as well, so the new token does not lose it (SEP-2350).
 */
function wantedScope(state: ServerOAuthState, options: SignInOptions) {
  const stored = state.cachedTokens();
  const asked = scopeUnion(stored?.required_scope, options.scope, state.challenge?.scope);
  const scope = asked ? scopeUnion(stored?.scope, asked) : null;
  const widening = scope !== null && missingScopes(scope, stored?.scope).length > 0;
  return { scope, force: options.force === true || widening || state.problem !== null };
}

export async function startSignIn(state: ServerOAuthState, definition: RemoteServerDefinition, options: SignInOptions): Promise<SignInSession> {
  await state.loadTokens(true);
  // Discovery afresh for every sign-in: the protected-resource metadata may name another authorization
  // server by now (SEP-2352), and the SDK would otherwise reuse the one it found before. With a new
  // issuer it sets aside the client and tokens of the old one and registers again.
  state.discovery = undefined;
  if (!definition.auth?.protectedResourceMetadataUrl && !state.challenge) state.challenge = await probeChallenge(definition.url, options.fetchFn);
  const { scope, force } = wantedScope(state, options);
  let client = await state.loadClient().catch(() => null);
  // A registration limited to narrower scopes cannot be granted wider ones: register again (not for a
  // client-ID metadata document, whose client id is a URL the operator publishes).
  const preregistered = definition.auth?.preregisteredClient !== undefined;
  if (!preregistered && client?.scope !== undefined && scope && !/^https:/.test(client.client_id) && missingScopes(scope, client.scope).length) {
    await state.deleteClient();
    client = null;
  }
  const flow: InteractiveFlow = { redirectUrl: '', state: randomBytes(24).toString('base64url'), authorizationUrl: null, codeVerifier: null };
  const listener = await openLoopbackRedirect(flow.state, registeredPort(client?.redirect_uris));
  flow.redirectUrl = listener.url;
  const provider = new GatehouseOAuthProvider(state, definition, flow);
  // The configured metadata URL first; else the one the server's challenge named (RFC 9728 §5.1: the
  // client uses it instead of the well-known paths, where such a server publishes nothing).
  const metadataUrl = definition.auth?.protectedResourceMetadataUrl ?? state.challenge?.resourceMetadataUrl;
  const base = {
    serverUrl: definition.url,
    fetchFn: options.fetchFn,
    ...(metadataUrl ? { resourceMetadataUrl: new URL(metadataUrl) } : {}),
  };

  let first: 'AUTHORIZED' | 'REDIRECT';
  try {
    first = await auth(provider, { ...base, ...(scope ? { scope } : {}), forceReauthorization: force });
  } catch (error) {
    listener.close();
    throw signInFailure(definition.name, error);
  }
  if (first === 'AUTHORIZED' || !flow.authorizationUrl) {
    listener.close();
    const outcome = { ok: true, message: `"${definition.name}" is signed in (the stored sign-in was renewed)`, scope: state.cachedTokens()?.scope ?? null };
    return { server: definition.name, authorizationUrl: null, redirectUrl: null, done: Promise.resolve(outcome), settled: outcome, cancel: () => undefined };
  }

  let stop: (outcome: SignInOutcome) => void = () => undefined;
  const stopped = new Promise<SignInOutcome>((resolve) => (stop = resolve));
  const timer = setTimeout(
    () => stop({ ok: false, message: `no browser came back to Gatehouse within ${Math.round(options.timeoutMs / 1000)} s; start the sign-in again`, scope: null }),
    options.timeoutMs,
  );
  timer.unref();

  const exchange = async (): Promise<SignInOutcome> => {
    const params = await listener.callback();
    if (params.error || !params.code) {
      const why = params.error ? `${params.error}${params.errorDescription ? `: ${params.errorDescription.slice(0, 200)}` : ''}` : 'no authorization code';
      const outcome = { ok: false, message: `the authorization server did not authorize Gatehouse for "${definition.name}" (${why})`, scope: null };
      listener.respond({ ok: false, message: outcome.message });
      return outcome;
    }
    try {
      await auth(provider, { ...base, authorizationCode: params.code, ...(params.iss !== null ? { iss: params.iss } : {}) });
      const outcome = { ok: true, message: `signed in to "${definition.name}"`, scope: state.cachedTokens()?.scope ?? null };
      listener.respond({ ok: true, message: `Gatehouse is signed in to ${definition.name}. You can close this tab.` });
      return outcome;
    } catch (error) {
      const message = signInFailure(definition.name, error).message;
      listener.respond({ ok: false, message });
      return { ok: false, message, scope: null };
    }
  };

  const session: SignInSession = {
    server: definition.name,
    authorizationUrl: flow.authorizationUrl,
    redirectUrl: listener.url,
    settled: null,
    done: Promise.race([exchange(), stopped]).then((outcome) => {
      clearTimeout(timer);
      listener.close();
      session.settled = outcome;
      return outcome;
    }),
    cancel: () => stop({ ok: false, message: `the sign-in for "${definition.name}" was cancelled`, scope: null }),
  };
  return session;
}

/** The loopback port a registration named, so a server that compares ports exactly still matches. */
function registeredPort(uris: string[] | undefined): number | null {
  for (const uri of uris ?? []) {
    try {
      const url = new URL(uri);
      if (url.hostname === '127.0.0.1' && url.port) return Number(url.port);
    } catch {
      // not a URL: ignore
    }
  }
  return null;
}
