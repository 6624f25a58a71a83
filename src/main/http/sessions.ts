// Handshake-era sessions (contract §8, §8.3): one MCP `Server` and one streamable HTTP transport per
// session, an `Mcp-Session-Id` of 256 random bits, bound to the principal that opened it — the auth
// method and the identity within it, never a bare name (another principal using the id gets 404 like an
// unknown id) — expired after 1 h idle but never while it has work in flight. The registry keeps each
// session's identity so the core can ask who is calling.
//
// Caps (issue 11, item 16): a principal may hold at most `maxSessionsPerPrincipal` sessions (default a
// quarter of the global cap); past it its initializes are refused (429), so one flooding client can never
// fill the gateway by itself. When the global cap is reached anyway (many principals), room is made only
// by evicting an idle session of a principal holding more than its fair share (cap / principals present),
// the heaviest first — never a session of a principal at or under its share, whoever asks.
//
// In auth mode `none` every unauthenticated caller is the one principal `anonymous`: they share its cap
// and can only crowd each other out. Holders of the instance token (stdio clients attached through the
// bridge) are the principal `local`, so an anonymous flood never evicts them. Isolating clients from
// each other needs auth (named tokens suffice).
import { withLegacyResourceNotFound } from '../gateway/guidance';
import { randomBytes } from 'node:crypto';
import { WebStandardStreamableHTTPServerTransport, type Server } from '@modelcontextprotocol/server';
import { safeMessage } from '../common/errors';
import { principalKey, type Principal } from './auth/types';
import { DEFAULT_MAX_BODY_BYTES } from './body';
import { SessionEventStore } from './event-store';
import { withReplica } from '../common/replica';

/** How long a client waits before it resumes a closed SSE stream with Last-Event-ID (the SSE `retry` field). */
const SSE_RETRY_MS = 1000;

export const SESSION_IDLE_MS = 60 * 60 * 1000;
export const MAX_SESSIONS = 1000;
export const MAX_SESSIONS_PER_PRINCIPAL = 250;
const SWEEP_EVERY_MS = 60_000;

/** The per-principal cap when only the global one is given: a quarter of it (at least 1). */
export function defaultPerPrincipalCap(maxSessions: number): number {
  return Math.max(1, Math.ceil(maxSessions / 4));
}

/** Who a session (or a stateless request, sessionId null) belongs to. */
export interface SessionIdentity {
  sessionId: string | null;
  /** The principal's display name (a token name, a JWT subject, `local`, `anonymous`); not unique across methods. */
  principal: string;
  principalKind: Principal['kind'];
  /** Method and identity in one string (auth/types.ts `principalKey`): what ownership compares. */
  principalKey: string;
  /** The operator sees every session's work (the desktop panel, the CLI); HTTP clients never are. */
  operator: boolean;
  /** The project the client named (local callers only), fixed for the session at initialize. */
  project?: string | null;
}

export type SessionCloseReason = 'deleted' | 'expired' | 'evicted' | 'closed' | 'shutdown';

export interface SessionHooks {
  /** Downstream work the session still owns (pending calls, active tasks); such a session never expires. */
  hasPendingWork?(sessionId: string): boolean;
  /** Called once per ended session, so its pending calls and tasks can be cancelled (E307 session_closed). */
  onSessionClosed?(identity: SessionIdentity, reason: SessionCloseReason): void;
}

export interface Session {
  readonly id: string;
  readonly identity: SessionIdentity;
  readonly transport: WebStandardStreamableHTTPServerTransport;
  readonly server: Server;
  lastSeen: number;
  /** Requests received and not yet answered. */
  inFlight: number;
  /** Open GET streams: a client holding one is connected, not idle. */
  streams: number;
}

export interface SessionRegistryOptions {
  createServer(identity: SessionIdentity): Server | Promise<Server>;
  hooks?: SessionHooks;
  idleMs?: number;
  maxSessions?: number;
  /** Default: a quarter of maxSessions. */
  maxSessionsPerPrincipal?: number;
  log(line: string): void;
  now?: () => number;
  /** This replica's id: the prefix of its session ids, which the load balancer routes by. */
  replicaId?: string | null;
}

/** Why an initialize got no session: its principal holds its cap, or the gateway is full of busy or fairly shared sessions. */
export type SessionRefusal = { refused: 'principal' | 'full'; cap: number };

const METHOD_LABEL: Record<Principal['kind'], string> = { token: 'shared secret', jwt: 'JWT', local: 'instance token', anonymous: 'no auth' };

/** 43 random visible ASCII characters, behind `replica~` when the gateway is one of several (common/replica.ts). */
export function newSessionId(replica: string | null = null): string {
  return withReplica(replica, randomBytes(32).toString('base64url'));
}

export class SessionRegistry {
  private readonly sessions = new Map<string, Session>();
  /** Sessions per principal key, counting those still being opened, so a burst of initializes cannot overshoot. */
  private readonly held = new Map<string, number>();
  /** Ids of sessions prepared and not yet adopted or discarded (they count against the caps). */
  private readonly opening = new Set<string>();
  /** Principals whose refusal was logged; cleared when they drop under the cap, so one line per episode. */
  private readonly capLogged = new Set<string>();
  private fullLogged = false;
  private readonly now: () => number;
  private readonly sweeper: NodeJS.Timeout;
  private readonly maxSessions: number;
  private readonly perPrincipal: number;

  constructor(private readonly options: SessionRegistryOptions) {
    this.now = options.now ?? Date.now;
    this.maxSessions = options.maxSessions ?? MAX_SESSIONS;
    this.perPrincipal = Math.min(this.maxSessions, options.maxSessionsPerPrincipal ?? defaultPerPrincipalCap(this.maxSessions));
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** In-flight requests across all sessions. */
  get inFlight(): number {
    let total = 0;
    for (const session of this.sessions.values()) total += session.inFlight;
    return total;
  }

  identity(sessionId: string): SessionIdentity | undefined {
    return this.sessions.get(sessionId)?.identity;
  }

  /** The session for an id, only for the principal that opened it: same method and same identity. */
  lookup(sessionId: string, principal: Principal): Session | undefined {
    const session = this.sessions.get(sessionId);
    if (!session || session.identity.principalKey !== principalKey(principal)) return undefined;
    return session;
  }

  /**
   * A fresh server and transport for an `initialize`; the session is registered only once the
   * transport accepts the handshake (`adopt`), so a refused initialize leaves nothing behind. Caps are
   * checked and the slot taken synchronously, before anything is awaited.
   */
  async prepare(principal: Principal, project: string | null = null): Promise<{ session: Session; adopted: () => boolean } | SessionRefusal> {
    const key = principalKey(principal);
    const held = this.held.get(key) ?? 0;
    if (held >= this.perPrincipal) {
      if (!this.capLogged.has(key)) {
        this.capLogged.add(key);
        this.options.log(`session cap: principal "${principal.name}" (${METHOD_LABEL[principal.kind]}) holds ${held} sessions, the most one principal may; its further initializes are refused (429) until some end`);
      }
      return { refused: 'principal', cap: this.perPrincipal };
    }
    if (this.sessions.size + this.opening.size >= this.maxSessions) {
      const victim = this.victimFor(key);
      if (!victim) {
        if (!this.fullLogged) {
          this.fullLogged = true;
          this.options.log(`session cap: all ${this.maxSessions} sessions are busy or within their principal's fair share; new initializes are refused (503) until some end`);
        }
        return { refused: 'full', cap: this.maxSessions };
      }
      this.forget(victim.id, 'evicted');
      void victim.server.close().catch((error: unknown) => this.options.log(`session close: ${safeMessage(error)}`));
    }
    this.held.set(key, held + 1);

    const id = newSessionId(this.options.replicaId ?? null);
    const identity: SessionIdentity = { sessionId: id, principal: principal.name, principalKind: principal.kind, principalKey: key, operator: false, project };
    let adopted = false;
    let session: Session | undefined;
    this.opening.add(id);
    try {
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => id,
        maxRequestBodySize: DEFAULT_MAX_BODY_BYTES,
        eventStore: new SessionEventStore(),
        // SEP-1699: the priming event says how long a client waits before it resumes a stream that closed.
        retryInterval: SSE_RETRY_MS,
        onsessioninitialized: () => {
          if (!session || !this.opening.delete(id)) return;
          adopted = true;
          this.sessions.set(id, session);
        },
        onsessionclosed: () => this.forget(id, 'deleted'),
      });
      const server = await this.options.createServer(identity);
      session = { id, identity, transport, server, lastSeen: this.now(), inFlight: 0, streams: 0 };
      server.onerror ??= (error) => this.options.log(`session ${id.slice(0, 8)}: ${safeMessage(error)}`);
      // Handshake sessions are 2025-era: resource-not-found goes back to -32002 (guidance/legacy-not-found).
      await server.connect(withLegacyResourceNotFound(transport));
      return { session, adopted: () => adopted };
    } catch (error) {
      if (this.opening.delete(id)) this.release(key);
      throw error;
    }
  }

  begin(session: Session, kind: 'request' | 'stream'): void {
    if (kind === 'stream') session.streams += 1;
    else session.inFlight += 1;
    session.lastSeen = this.now();
  }

  end(session: Session, kind: 'request' | 'stream'): void {
    if (kind === 'stream') session.streams = Math.max(0, session.streams - 1);
    else session.inFlight = Math.max(0, session.inFlight - 1);
    session.lastSeen = this.now();
  }

  /** Work in flight, an open stream, or work the core reports: such a session is never idle. */
  private busy(session: Session): boolean {
    return session.inFlight > 0 || session.streams > 0 || this.options.hooks?.hasPendingWork?.(session.id) === true;
  }

  /** Closes sessions idle past the limit; returns how many. */
  async sweep(): Promise<number> {
    const idleMs = this.options.idleMs ?? SESSION_IDLE_MS;
    const expired = [...this.sessions.values()].filter((s) => !this.busy(s) && this.now() - s.lastSeen > idleMs);
    for (const session of expired) await this.close(session.id, 'expired');
    return expired.length;
  }

  /**
   * At the global cap: the longest-idle session of the principal holding the most sessions, among
   * principals over their fair share (the requester counted as present). None: nobody is over it, or
   * every such session has work, and the newcomer is refused instead.
   */
  private victimFor(requesterKey: string): Session | undefined {
    const present = this.held.size + (this.held.has(requesterKey) ? 0 : 1);
    const fairShare = Math.max(1, Math.floor(this.maxSessions / present));
    let victim: Session | undefined;
    let victimHeld = 0;
    for (const session of this.sessions.values()) {
      const held = this.held.get(session.identity.principalKey) ?? 0;
      if (held <= fairShare || held < victimHeld || this.busy(session)) continue;
      if (!victim || held > victimHeld || session.lastSeen < victim.lastSeen) {
        victim = session;
        victimHeld = held;
      }
    }
    return victim;
  }

  async close(sessionId: string, reason: SessionCloseReason): Promise<void> {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    this.forget(sessionId, reason);
    await session.server.close().catch((error: unknown) => this.options.log(`session close: ${safeMessage(error)}`));
  }

  /** Discards a prepared session whose initialize never completed. */
  async discard(session: Session): Promise<void> {
    if (this.opening.delete(session.id)) this.release(session.identity.principalKey);
    else if (this.sessions.get(session.id) === session) this.forget(session.id, 'closed');
    await session.server.close().catch(() => undefined);
  }

  /** One session fewer for this principal. */
  private release(key: string): void {
    const held = (this.held.get(key) ?? 1) - 1;
    if (held > 0) this.held.set(key, held);
    else this.held.delete(key);
    if (held < this.perPrincipal) this.capLogged.delete(key);
    if (this.sessions.size + this.opening.size < this.maxSessions) this.fullLogged = false;
  }

  private forget(sessionId: string, reason: SessionCloseReason): void {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    this.sessions.delete(sessionId);
    this.release(session.identity.principalKey);
    this.options.log(`session ${sessionId.slice(0, 8)} ended (${reason})`);
    try {
      this.options.hooks?.onSessionClosed?.(session.identity, reason);
    } catch (error) {
      this.options.log(`session close hook: ${safeMessage(error)}`);
    }
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.sessions.keys()].map((id) => this.close(id, 'shutdown')));
  }
}
