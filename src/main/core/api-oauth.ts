// The panel's OAuth sign-in for remote servers. Starting one and signing out take gateway.auth_connect's
// own path through the operator session (so the desktop's browser hook, the audit and the redaction apply
// as for any client); following the sign-in, reading its state and cancelling it use the engine's
// RemoteOAuth directly. Every change is pushed as oauthChanged, whoever made it: the pushes come from
// RemoteOAuth's own change stream, so a sign-in an agent starts through gateway.auth_connect shows live
// exactly like one the panel starts. No answer or push carries a token.
import type { ServerStatus } from '../../shared/domain';
import type { OAuthSignInState, OAuthSignInStatus } from '../../shared/oauth-sign-in';
import { browserUrlProblem } from '../common/safe-url';
import type { RemoteServerDefinition } from '../config/types';
import { signsInWithOAuth } from '../gateway/tools/auth-oauth';
import type { RemoteOAuth } from '../oauth/remote-oauth';
import type { SignInSession } from '../oauth/sign-in';
import type { ServerHandle } from '../supervisor/server-handle';
import type { Supervisor } from '../supervisor/supervisor';
import type { OperatorSession } from './operator-session';

export interface OAuthApiDeps {
  supervisor: Supervisor;
  operator: OperatorSession;
  /** Null without a keychain: tokens would have nowhere to live, so sign-in is unavailable. */
  oauth: RemoteOAuth | null;
  emit: (state: OAuthSignInState) => void;
}

export interface OAuthApi {
  state(input: { name: string }): Promise<OAuthSignInState>;
  signIn(input: { name: string }): Promise<OAuthSignInState>;
  cancel(input: { name: string }): Promise<OAuthSignInState>;
  signOut(input: { name: string }): Promise<OAuthSignInState>;
}

type Target = { ok: false; refused: OAuthSignInState } | { ok: true; handle: ServerHandle & { definition: RemoteServerDefinition }; oauth: RemoteOAuth };

const CONNECTED: ReadonlySet<ServerStatus> = new Set(['online', 'degraded', 'starting']);

const AGAIN = 'press Sign in to try again';

function stateOf(name: string, status: OAuthSignInStatus, fields: Partial<OAuthSignInState> = {}): OAuthSignInState {
  return { name, status, authorization_url: null, message: '', next_step: null, scope: null, ...fields };
}

/** The engine's outcomes are clauses ("the authorization server did not …"); the panel shows sentences. */
const sentence = (clause: string): string => `${clause.charAt(0).toUpperCase()}${clause.slice(1)}${/[.!?]$/.test(clause) ? '' : '.'}`;

const text = (value: unknown, fallback: string): string => (typeof value === 'string' && value ? value : fallback);

export function createOAuthApi(deps: OAuthApiDeps): OAuthApi {
  const { supervisor, operator, oauth } = deps;
  // Why the last sign-in of a server failed, shown until the operator acts again.
  const failures = new Map<string, { message: string; next_step: string }>();
  const followed = new WeakSet<SignInSession>();
  const cancelled = new WeakSet<SignInSession>();
  // Sign-ins stopped because their URL is not a web page; their failure is reported where they stop.
  const stopped = new WeakSet<SignInSession>();
  // Servers the panel is signing in or out right now: it pushes the outcome itself, with its own message.
  const acting = new Set<string>();

  /** The server's handle when it signs in with OAuth here, else the state that says why not. */
  const target = (name: string): Target => {
    const handle = supervisor.get(name);
    if (!signsInWithOAuth(handle)) {
      const message = handle ? `${name} does not sign in with OAuth (a stdio server, or a remote one with its own Authorization header).` : `Server '${name}' is not known to Gatehouse.`;
      return { ok: false, refused: stateOf(name, 'not_applicable', { message }) };
    }
    if (!oauth) {
      return {
        ok: false,
        refused: stateOf(name, 'unavailable', {
          message: `Signing in to ${name} keeps its tokens in the OS keychain, which this Gatehouse runs without.`,
          next_step: 'open Doctor to see why the keychain is unavailable',
        }),
      };
    }
    return { ok: true, handle, oauth };
  };

  // Only a web page is offered to copy: the URL comes from the authorization server's metadata. An agent's
  // sign-in to another address is not stopped here (the agent holds the URL), but the row says why it waits.
  const waiting = (name: string, session: SignInSession): OAuthSignInState => {
    const problem = session.authorizationUrl ? browserUrlProblem(session.authorizationUrl) : null;
    if (problem) {
      return stateOf(name, 'waiting', {
        message: `The authorization server of ${name} sent the sign-in to an address Gatehouse does not open in a browser (${problem}); cancel it and check the server's OAuth settings.`,
        next_step: "cancel the sign-in, then check the server's OAuth settings (its authorization server's metadata)",
      });
    }
    return stateOf(name, 'waiting', {
      authorization_url: session.authorizationUrl,
      message: `Approve Gatehouse's access to ${name} in the browser; ${name} connects as soon as it comes back.`,
      next_step: 'if no browser opened, open the URL yourself',
    });
  };

  const state = async (name: string): Promise<OAuthSignInState> => {
    const found = target(name);
    if (!found.ok) return found.refused;
    const pending = found.oauth.pendingSignIn(found.handle.definition);
    if (pending && pending.settled === null) {
      follow(name, pending);
      return waiting(name, pending);
    }
    const failure = failures.get(name);
    if (failure) return stateOf(name, 'failed', failure);
    const status = await found.oauth.status(found.handle.definition);
    if (status.signed_in) {
      const granted = status.scope ? ` (granted: ${status.scope})` : '';
      return stateOf(name, 'signed_in', { message: `Signed in to ${name}${granted}.`, scope: status.scope });
    }
    return stateOf(name, 'signed_out', { message: `${name} signs in with OAuth through your browser.`, next_step: 'press Sign in' });
  };

  const push = async (name: string, message?: string): Promise<OAuthSignInState> => {
    const current = await state(name);
    const shown = message ? { ...current, message } : current;
    deps.emit(shown);
    return shown;
  };

  /** Pushes the outcome when the browser comes back (or the sign-in fails, times out or is cancelled). */
  function follow(name: string, session: SignInSession): void {
    if (followed.has(session)) return;
    followed.add(session);
    void session.done
      .then(async (outcome) => {
        if (stopped.has(session)) return;
        if (cancelled.has(session)) return void (await push(name, 'The sign-in was cancelled.'));
        if (!outcome.ok) failures.set(name, { message: sentence(outcome.message), next_step: AGAIN });
        await push(name);
      })
      .catch(() => undefined); // a push that could not read the state: the row's next read shows it
  }

  // Every sign-in and sign-out of this process passes RemoteOAuth, whoever asked for it (the panel, an
  // agent on any session; `gatehouse auth connect` is another process, seen on the row's next read): the
  // waiting state is pushed as the sign-in starts (synchronously, so it precedes anything the starter
  // pushes next) and its outcome when the browser comes back.
  oauth?.onChange((change) => {
    const { name } = change.definition;
    if (!signsInWithOAuth(supervisor.get(name))) return;
    if (change.kind === 'sign_in' && change.session.settled === null) {
      failures.delete(name);
      follow(name, change.session);
      deps.emit(waiting(name, change.session));
      return;
    }
    if (acting.has(name)) return;
    failures.delete(name);
    void push(name).catch(() => undefined); // a keychain read failing here shows on the next read instead
  });

  /** gateway.auth_connect as the panel's session; meanwhile the panel, not the change stream, pushes the outcome. */
  const authConnect = async (name: string, auth_mode: 'oauth' | 'sign_out'): Promise<Record<string, unknown>> => {
    acting.add(name);
    try {
      return (await operator.call('gateway.auth_connect', { server_name: name, auth_mode })).body;
    } finally {
      acting.delete(name);
    }
  };

  /**
   * A signed-out server still connected would show online with tools it can no longer reach: it is
   * disconnected (lazy again) unless it has work in flight, which its next request without a token ends.
   */
  const disconnect = async (handle: ServerHandle): Promise<string> => {
    if (!CONNECTED.has(handle.status)) return '';
    if (supervisor.pending.countFor(handle.name) > 0 || supervisor.tasks.activeCount(handle.name) > 0) {
      return ` ${handle.name} stays connected until its calls in flight finish; its next request carries no token.`;
    }
    await handle.stop('lazy');
    return ` ${handle.name} was disconnected; it asks for a sign-in when it starts again.`;
  };

  return {
    state: ({ name }) => state(name),
    async signIn({ name }) {
      const found = target(name);
      if (!found.ok) return found.refused;
      failures.delete(name);
      // A settled sign-in kept for an agent asking "is it done?" would be reported again instead of
      // starting anew: pressing Sign in means a new one.
      const previous = found.oauth.pendingSignIn(found.handle.definition);
      if (previous?.settled) found.oauth.forgetSignIn(found.handle.definition, previous);
      const body = await authConnect(name, 'oauth');
      const session = found.oauth.pendingSignIn(found.handle.definition);
      const problem = session?.authorizationUrl ? browserUrlProblem(session.authorizationUrl) : null;
      if (body.oauth_status === 'pending' && session && session.settled === null && problem) {
        // A hostile or broken authorization server: file:, smb: or an app's scheme is neither opened
        // (the desktop's hook refuses it too) nor offered to copy, and the loopback listener is closed.
        stopped.add(session);
        session.cancel();
        await session.done;
        found.oauth.forgetSignIn(found.handle.definition, session);
        failures.set(name, {
          message: `The authorization server of ${name} sent the sign-in to an address Gatehouse does not open (${problem}); the sign-in was stopped.`,
          next_step: "check the server's OAuth settings (its authorization server's metadata), then press Sign in again",
        });
        return push(name);
      }
      // The change stream pushed the waiting state as the sign-in started and follows it from there.
      if (body.oauth_status === 'pending' && session && session.settled === null) return waiting(name, session);
      if (body.ok !== true) failures.set(name, { message: text(body.message, `Signing in to ${name} failed.`), next_step: AGAIN });
      return push(name, body.ok === true ? text(body.message, `Signed in to ${name}.`) : undefined);
    },
    async cancel({ name }) {
      const found = target(name);
      if (!found.ok) return found.refused;
      const session = found.oauth.pendingSignIn(found.handle.definition);
      if (!session || session.settled !== null) return state(name);
      cancelled.add(session);
      session.cancel();
      await session.done;
      found.oauth.forgetSignIn(found.handle.definition, session);
      return { ...(await state(name)), message: 'The sign-in was cancelled.' };
    },
    async signOut({ name }) {
      const found = target(name);
      if (!found.ok) return found.refused;
      failures.delete(name);
      const body = await authConnect(name, 'sign_out');
      const after = body.ok === true ? await disconnect(found.handle) : '';
      const current = await state(name);
      const shown = {
        ...current,
        message: `${text(body.message, `Signed out of ${name}.`)}${after}`,
        next_step: body.ok === true ? current.next_step : 'retry; see the Logs view if it fails again',
      };
      deps.emit(shown);
      return shown;
    },
  };
}
