// The panel's activity view: every session's pending calls and MCP tasks (with the client's own name
// from its handshake) and the recent audit events, pushed as one snapshot with a generation. Cancels go
// through gateway.cancel and gateway.tasks_cancel in the operator session, so the meta-tools' rules hold.
import type { Server } from '@modelcontextprotocol/server';
import type { ActivitySession, ActivitySnapshot, AttachedProject, AuditEventView, CancelOutcome, PendingCallView, TaskView } from '../../shared/activity';
import type { InvokeOutcome } from '../../shared/catalog';
import type { AuditRing } from '../logs/audit-ring';
import { activityState } from '../supervisor/pending-calls';
import type { Supervisor } from '../supervisor/supervisor';
import { isTerminal } from '../supervisor/task-records';
import { coalescedPush } from './coalesced-push';
import { invokeOutcome } from './invoke-outcome';
import type { OperatorSession } from './operator-session';

const AUDIT_SHOWN = 50;
/** While calls are in flight their progress and state change without any other event: pushed this often. */
const TICK_MS = 1000;
const iso = (ms: number) => new Date(ms).toISOString();
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Which client each MCP session is, by the name it gave in its handshake, and the project it works in. */
export class SessionClients {
  private readonly servers = new Map<string, { server: WeakRef<Server>; project: string | null }>();

  track(sessionId: string, server: Server, project: string | null = null): void {
    // Weak: a closed session's server is dropped with it; calls it left are then shown without a name.
    this.servers.set(sessionId, { server: new WeakRef(server), project });
  }

  nameOf(sessionId: string): string | null {
    const info = this.servers.get(sessionId)?.server.deref()?.getClientVersion();
    return info ? (info.title ?? info.name) : null;
  }

  projectOf(sessionId: string): string | null {
    return this.servers.get(sessionId)?.project ?? null;
  }

  forget(keep: ReadonlySet<string>): void {
    for (const [id, entry] of this.servers) if (!keep.has(id) && !entry.server.deref()) this.servers.delete(id);
  }
}

export interface ActivityApiOptions {
  supervisor: Supervisor;
  audit: () => AuditRing;
  clients: SessionClients;
  operator: OperatorSession;
  /** Projects attached by client sessions, with their session counts. */
  projects: () => AttachedProject[];
  emit(snapshot: ActivitySnapshot): void;
}

export function createActivityApi(options: ActivityApiOptions) {
  const { supervisor, clients } = options;
  let generation = 0;

  const snapshot = (): ActivitySnapshot => {
    const now = Date.now();
    const sessions = new Map<string, ActivitySession>();
    const sessionFor = (id: string | null) => {
      const key = id ?? 'gateway';
      let session = sessions.get(key);
      if (!session) {
        session = { session_id: key, client_name: id ? clients.nameOf(id) : 'Gatehouse', project: id ? clients.projectOf(id) : null, calls: [], tasks: [] };
        sessions.set(key, session);
      }
      return session;
    };
    for (const call of supervisor.pending.list({ operator: true })) {
      const view: PendingCallView = {
        request_id: call.id,
        server: call.server,
        tool_id: call.toolId,
        started_at: iso(call.startedAt),
        timeout_ms: call.timeoutMs,
        state: activityState(call, now),
        last_activity_at: iso(call.lastActivity),
        progress: call.progress ? { progress: call.progress.progress, total: call.progress.total ?? null, message: call.progress.message ?? null } : null,
        task_id: call.taskId ?? null,
        waiting_for_client: call.waitingForClient,
      };
      sessionFor(call.sessionId).calls.push(view);
    }
    for (const record of supervisor.tasks.list({ operator: true })) {
      const task: TaskView = {
        server: record.server,
        task_id: record.task.taskId,
        tool_id: record.toolId,
        status: record.task.status,
        status_message: record.task.statusMessage ?? null,
        created_at: record.task.createdAt ?? iso(record.recordedAt),
        updated_at: record.task.lastUpdatedAt ?? null,
        terminal: isTerminal(record.task.status),
      };
      sessionFor(record.owner).tasks.push(task);
    }
    clients.forget(new Set(sessions.keys()));
    const audit: AuditEventView[] = options
      .audit()
      .getAuditEvents()
      .slice(-AUDIT_SHOWN)
      .reverse()
      .map((e) => ({
        ts: e.ts,
        session_id: e.session_id,
        method: e.method,
        tool: e.tool,
        server: e.server,
        outcome: e.outcome,
        latency_ms: e.latency_ms,
        error: e.error,
      }));
    return { generation, sessions: [...sessions.values()], projects: options.projects(), audit };
  };

  // While calls are in flight their progress and state change without any other event.
  const pusher = coalescedPush(
    () => {
      generation++;
      options.emit(snapshot());
    },
    () => supervisor.pending.list({ operator: true }).length > 0,
    TICK_MS,
  );
  const changed = pusher.changed;

  const outcome = (body: Record<string, unknown>, fallback: string): CancelOutcome => ({
    status: text(body.status) ?? (body.ok === true ? 'cancelled' : 'error'),
    message: text(body.message) ?? fallback,
  });

  return {
    changed,
    stop() {
      pusher.stop();
    },
    list: async () => snapshot(),
    async cancelCall({ request_id, force }: { request_id: string; force?: boolean }): Promise<CancelOutcome> {
      const { body } = await options.operator.call('gateway.cancel', { request_id, force: force === true });
      changed();
      return outcome(body, 'the call could not be cancelled');
    },
    async cancelTask({ server, task_id }: { server: string; task_id: string }): Promise<CancelOutcome> {
      const { body } = await options.operator.call('gateway.tasks_cancel', { server_name: server, task_id });
      changed();
      return outcome(body, 'the task could not be cancelled');
    },
    async taskResult({ server, task_id }: { server: string; task_id: string }): Promise<InvokeOutcome> {
      return invokeOutcome(await options.operator.call('gateway.tasks_result', { server_name: server, task_id }));
    },
  };
}
