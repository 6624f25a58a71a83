// Handshake-era sessions (contract §8, §8.3): one MCP `Server` and one streamable HTTP transport per
// session, an `Mcp-Session-Id` of 256 random bits, bound to the principal that opened it (another
// principal using the id gets 404 like an unknown id), expired after 1 h idle but never while it has
// work in flight. The registry keeps each session's identity so the core can ask who is calling.
import { withLegacyResourceNotFound } from '../gateway/guidance';
import { randomBytes } from 'node:crypto';
import { WebStandardStreamableHTTPServerTransport, type Server } from '@modelcontextprotocol/server';
import { safeMessage } from '../core/errors';
import type { Principal } from './auth/types';
import { DEFAULT_MAX_BODY_BYTES } from './body';
import { SessionEventStore } from './event-store';

export const SESSION_IDLE_MS = 60 * 60 * 1000;
export const MAX_SESSIONS = 1000;
const SWEEP_EVERY_MS = 60_000;

/** Who a session (or a stateless request, sessionId null) belongs to. */
export interface SessionIdentity {
  sessionId: string | null;
  principal: string;
  principalKind: Principal['kind'];
  /** The operator sees every session's work (the desktop panel, the CLI); HTTP clients never are. */
  operator: boolean;
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
  log(line: string): void;
  now?: () => number;
}

export function newSessionId(): string {
  return randomBytes(32).toString('base64url'); // 43 visible ASCII characters
}

export class SessionRegistry {
  private readonly sessions = new Map<string, Session>();
  private readonly now: () => number;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: SessionRegistryOptions) {
    this.now = options.now ?? Date.now;
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

  /** The session for an id, only for the principal that opened it. */
  lookup(sessionId: string, principal: Principal): Session | undefined {
    const session = this.sessions.get(sessionId);
    if (!session || session.identity.principal !== principal.name) return undefined;
    return session;
  }

  /**
   * A fresh server and transport for an `initialize`; the session is registered only once the
   * transport accepts the handshake (`adopt`), so a refused initialize leaves nothing behind.
   */
  async prepare(principal: Principal): Promise<{ session: Session; adopted: () => boolean } | 'full'> {
    if (this.sessions.size >= (this.options.maxSessions ?? MAX_SESSIONS) && !(await this.evictOne())) return 'full';
    const id = newSessionId();
    const identity: SessionIdentity = { sessionId: id, principal: principal.name, principalKind: principal.kind, operator: false };
    let adopted = false;
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
      maxRequestBodySize: DEFAULT_MAX_BODY_BYTES,
      eventStore: new SessionEventStore(),
      onsessioninitialized: () => {
        adopted = true;
        this.sessions.set(id, session);
      },
      onsessionclosed: () => this.forget(id, 'deleted'),
    });
    const server = await this.options.createServer(identity);
    const session: Session = { id, identity, transport, server, lastSeen: this.now(), inFlight: 0, streams: 0 };
    server.onerror ??= (error) => this.options.log(`session ${id.slice(0, 8)}: ${safeMessage(error)}`);
    // Handshake sessions are 2025-era: resource-not-found goes back to -32002 (guidance/legacy-not-found).
    await server.connect(withLegacyResourceNotFound(transport));
    return { session, adopted: () => adopted };
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

  /** At the cap, the longest-idle session without work makes room; none → the new one is refused. */
  private async evictOne(): Promise<boolean> {
    const idle = [...this.sessions.values()].filter((s) => !this.busy(s)).sort((a, b) => a.lastSeen - b.lastSeen)[0];
    if (!idle) return false;
    await this.close(idle.id, 'evicted');
    return true;
  }

  async close(sessionId: string, reason: SessionCloseReason): Promise<void> {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    this.forget(sessionId, reason);
    await session.server.close().catch((error: unknown) => this.options.log(`session close: ${safeMessage(error)}`));
  }

  /** Discards a prepared session whose initialize never completed. */
  async discard(session: Session): Promise<void> {
    if (this.sessions.get(session.id) === session) this.sessions.delete(session.id);
    await session.server.close().catch(() => undefined);
  }

  private forget(sessionId: string, reason: SessionCloseReason): void {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    this.sessions.delete(sessionId);
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
