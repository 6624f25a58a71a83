// gateway.auth_connect's OAuth modes, for remote servers that authorize with OAuth instead of a static
// header: `oauth` starts a sign-in (authorization code + PKCE through a loopback redirect) and answers at
// once with the authorization URL to open (the desktop app also opens it through its hook); calling again
// reports whether the browser came back, and the server connects as soon as it did. `sign_out` revokes
// the tokens at the authorization server and deletes them from the keychain. No answer carries a token.
import type { RemoteServerDefinition } from '../../config/types';
import { safeMessage } from '../../common/errors';
import { gatehouseRun } from '../../common/gatehouse-command';
import type { RemoteOAuth } from '../../oauth/remote-oauth';
import type { SignInOutcome, SignInSession } from '../../oauth/sign-in';
import type { ServerHandle } from '../../supervisor/server-handle';

export interface OAuthToolOptions {
  oauth: RemoteOAuth;
  /** The desktop shell's browser hook; headless, the URL is logged and returned. */
  openUrl?: (url: string) => void | Promise<void>;
  log?: (line: string) => void;
}

export interface OAuthAnswer {
  ok: boolean;
  fields: Record<string, unknown>;
}

/** Whether a configured server signs in with OAuth: remote, and no Authorization header of its own. */
export function signsInWithOAuth(handle: ServerHandle | undefined): handle is ServerHandle & { definition: RemoteServerDefinition } {
  if (!handle || handle.definition.transport === 'stdio') return false;
  return !Object.keys(handle.definition.headers).some((name) => name.toLowerCase() === 'authorization');
}

const again = (server: string) => `gateway.auth_connect(server_name='${server}', auth_mode='oauth')`;

/**
 * Connects a server that waited for its sign-in; one online picks the new token up by itself. One that
 * connected but could not list its tools (degraded: e.g. the token was refused after the handshake) is
 * started again, so its lists are read with the new token.
 */
async function connectAfterSignIn(handle: ServerHandle): Promise<string> {
  const degraded = handle.status === 'degraded' && handle.row().pending_count === 0;
  // A start already under way (the other caller's restart) is waited for, so the answer tells its outcome.
  const waiting = handle.status === 'auth_required' || handle.status === 'error' || handle.status === 'starting' || handle.status === 'restarting';
  if (!waiting && !degraded) return 'the server uses the new token from its next request';
  try {
    if (degraded) await handle.restart();
    else await handle.ensureConnected();
    return 'the server is connected';
  } catch (error) {
    return `connecting failed: ${safeMessage(error)}`;
  }
}

async function settledAnswer(handle: ServerHandle, outcome: SignInOutcome): Promise<OAuthAnswer> {
  const server = handle.name;
  if (!outcome.ok) {
    return { ok: false, fields: { message: `${outcome.message}.`, auth_state: 'missing_auth', oauth_status: 'failed', next_step: again(server) } };
  }
  const connected = await connectAfterSignIn(handle);
  return {
    ok: true,
    fields: { message: `Signed in to '${server}' with OAuth; ${connected}.`, auth_state: 'none', oauth_status: 'signed_in', granted_scopes: outcome.scope?.split(' ') ?? [], next_step: null },
  };
}

function pendingAnswer(handle: ServerHandle, session: SignInSession): OAuthAnswer {
  const server = handle.name;
  return {
    ok: true,
    fields: {
      message: `Open authorization_url in a browser and approve Gatehouse's access to '${server}'; Gatehouse waits for the browser at ${session.redirectUrl}.`,
      auth_state: 'missing_auth',
      oauth_status: 'pending',
      authorization_url: session.authorizationUrl,
      next_step: `open authorization_url, approve, then call ${again(server)} to confirm`,
    },
  };
}

export async function oauthSignIn(handle: ServerHandle & { definition: RemoteServerDefinition }, scope: string | null, options: OAuthToolOptions): Promise<OAuthAnswer> {
  const { oauth } = options;
  const waiting = oauth.pendingSignIn(handle.definition);
  if (waiting?.settled) {
    oauth.forgetSignIn(handle.definition, waiting);
    return settledAnswer(handle, waiting.settled);
  }
  if (waiting) return pendingAnswer(handle, waiting);
  let session: SignInSession;
  try {
    session = await oauth.signIn(handle.definition, { scope });
  } catch (error) {
    return { ok: false, fields: { message: `${safeMessage(error)}.`, auth_state: 'missing_auth', oauth_status: 'failed', next_step: again(handle.name) } };
  }
  if (session.settled) {
    oauth.forgetSignIn(handle.definition, session);
    return settledAnswer(handle, session.settled);
  }
  const url = session.authorizationUrl ?? '';
  options.log?.(`[${handle.name}] OAuth sign-in started: open ${url} to approve (or run "${gatehouseRun(`auth connect ${handle.name}`)}")`);
  if (options.openUrl) Promise.resolve(options.openUrl(url)).catch((error) => options.log?.(`[${handle.name}] could not open the browser: ${safeMessage(error)}`));
  // The server connects as soon as the browser comes back, whether or not anyone asks again.
  void session.done.then(async (outcome) => {
    options.log?.(`[${handle.name}] OAuth sign-in ${outcome.ok ? 'completed' : `failed: ${outcome.message}`}`);
    if (outcome.ok) options.log?.(`[${handle.name}] ${await connectAfterSignIn(handle)}`);
  });
  return pendingAnswer(handle, session);
}

export async function oauthSignOut(handle: ServerHandle & { definition: RemoteServerDefinition }, options: OAuthToolOptions): Promise<OAuthAnswer> {
  const server = handle.name;
  try {
    const result = await options.oauth.signOut(handle.definition);
    const revoked = [result.revoked.length ? `revoked its ${result.revoked.join(' and ')} at the authorization server` : null, result.revocation_note]
      .filter(Boolean)
      .join('; ');
    return {
      ok: true,
      fields: {
        message: result.was_signed_in ? `Signed out of '${server}': ${revoked || 'nothing was revoked'}; the tokens are deleted from the keychain.` : `'${server}' had no OAuth sign-in; nothing was stored.`,
        auth_state: 'missing_auth',
        oauth_status: 'signed_out',
        revoked: result.revoked,
        next_step: `to sign in again: ${again(server)}`,
      },
    };
  } catch (error) {
    return { ok: false, fields: { message: `signing out of '${server}' failed: ${safeMessage(error)}.`, auth_state: 'unknown', next_step: 'retry; see the Gatehouse log if it fails again' } };
  }
}
