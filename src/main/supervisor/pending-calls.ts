// The registry of in-flight downstream requests: visible in the panel, listable and cancellable by the
// client session that made them (and by the operator), failed at once when their server dies.
export type CancelCause = 'gateway.cancel' | 'client' | 'forced_refresh' | 'forced_disconnect' | 'forced_restart' | 'session_closed' | 'shutdown';

/** Who may see and cancel a call: a client session, or the operator (panel, CLI) who sees everything. */
export type Viewer = { operator: true } | { operator: false; sessionId: string };

export function viewerOf(session: { sessionId: string; operator: boolean }): Viewer {
  return session.operator ? { operator: true } : { operator: false, sessionId: session.sessionId };
}

export interface PendingCall {
  id: string;
  server: string;
  toolId: string;
  startedAt: number;
  lastActivity: number;
  timeoutMs: number;
  sessionId: string | null;
  controller: AbortController;
  /** The downstream MCP task this request polls (tasks/get, tasks/result); absent for anything else. */
  taskId?: string;
  /** The server's last progress notification for this call, for the panel's activity view. */
  progress?: { progress: number; total?: number; message?: string };
}

export type ActivityState = 'pending' | 'active' | 'stalled';

export function activityState(call: PendingCall, now = Date.now()): ActivityState {
  const quietMs = now - call.lastActivity;
  return quietMs < 60_000 ? 'pending' : quietMs <= 120_000 ? 'active' : 'stalled';
}

export class CallCancelled extends Error {
  constructor(readonly reason: CancelCause) {
    super(`cancelled (${reason})`);
    this.name = 'CallCancelled';
  }
}

const RECENTLY_DONE_LIMIT = 1000;

export class PendingCalls {
  private readonly calls = new Map<string, PendingCall>();
  private readonly counters = new Map<string, number>();
  /** Recently finished ids with their owning session, to answer "already complete" to that owner only. */
  private readonly recentlyDone = new Map<string, string | null>();

  constructor(private readonly onChange: () => void = () => {}) {}

  begin(server: string, toolId: string, timeoutMs: number, sessionId: string | null, taskId?: string): PendingCall {
    // Per-server counters are never reset, so an id is never reused within a run.
    const n = (this.counters.get(server) ?? 0) + 1;
    this.counters.set(server, n);
    const now = Date.now();
    const call: PendingCall = { id: `${server}::${n}`, server, toolId, startedAt: now, lastActivity: now, timeoutMs, sessionId, controller: new AbortController(), taskId };
    this.calls.set(call.id, call);
    this.onChange();
    return call;
  }

  touch(id: string, progress?: PendingCall['progress']): void {
    const call = this.calls.get(id);
    if (!call) return;
    call.lastActivity = Date.now();
    if (progress) call.progress = { progress: progress.progress, total: progress.total, message: progress.message };
  }

  end(id: string): void {
    const call = this.calls.get(id);
    if (!call) return;
    this.calls.delete(id);
    this.recentlyDone.set(id, call.sessionId);
    if (this.recentlyDone.size > RECENTLY_DONE_LIMIT) {
      const oldest = this.recentlyDone.keys().next().value;
      if (oldest !== undefined) this.recentlyDone.delete(oldest);
    }
    this.onChange();
  }

  get(id: string, viewer: Viewer): PendingCall | undefined {
    const call = this.calls.get(id);
    return call && visible(call, viewer) ? call : undefined;
  }

  wasCompleted(id: string, viewer: Viewer): boolean {
    if (!this.recentlyDone.has(id)) return false;
    return viewer.operator || this.recentlyDone.get(id) === viewer.sessionId;
  }

  list(viewer: Viewer, server?: string): PendingCall[] {
    return [...this.calls.values()].filter((c) => visible(c, viewer) && (!server || c.server === server));
  }

  countFor(server: string): number {
    let count = 0;
    for (const call of this.calls.values()) if (call.server === server) count++;
    return count;
  }

  /** Aborts the call; the request sends notifications/cancelled downstream and fails with the cause. */
  cancel(call: PendingCall, cause: CancelCause): void {
    call.controller.abort(new CallCancelled(cause));
  }

  cancelServer(server: string, cause: CancelCause): number {
    const calls = [...this.calls.values()].filter((c) => c.server === server);
    for (const call of calls) this.cancel(call, cause);
    return calls.length;
  }

  cancelSession(sessionId: string): number {
    const calls = [...this.calls.values()].filter((c) => c.sessionId === sessionId);
    for (const call of calls) this.cancel(call, 'session_closed');
    return calls.length;
  }
}

function visible(call: PendingCall, viewer: Viewer): boolean {
  return viewer.operator || call.sessionId === viewer.sessionId;
}
