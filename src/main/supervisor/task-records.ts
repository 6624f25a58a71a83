// Gatehouse's own record of MCP tasks it created downstream, keyed (owner, server, task id) so ids never
// collide across servers or clients. Terminal states are final; history is bounded.
import type { Viewer } from './pending-calls';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
const TERMINAL: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled']);
const MAX_TERMINAL_PER_SERVER = 100;
export const MAX_ACTIVE_PER_OWNER = 1000;

export interface DownstreamTask {
  taskId: string;
  status: string;
  statusMessage?: string;
  createdAt?: string;
  lastUpdatedAt?: string;
  ttl?: number | null;
  pollInterval?: number;
  [key: string]: unknown;
}

export interface TaskRecord {
  owner: string;
  server: string;
  toolId: string;
  task: DownstreamTask;
  recordedAt: number;
}

export function isTerminal(status: string): boolean {
  return TERMINAL.has(status);
}

export class TaskRecords {
  private readonly records = new Map<string, TaskRecord>();

  private key(server: string, taskId: string): string {
    return JSON.stringify([server, taskId]);
  }

  add(owner: string, server: string, toolId: string, task: DownstreamTask): TaskRecord {
    const record: TaskRecord = { owner, server, toolId, task, recordedAt: Date.now() };
    this.records.set(this.key(server, task.taskId), record);
    this.evict(server);
    return record;
  }

  activeFor(owner: string): number {
    return [...this.records.values()].filter((r) => r.owner === owner && !isTerminal(r.task.status)).length;
  }

  /** A newer downstream view of the task; a terminal state already recorded never changes again. */
  update(server: string, task: DownstreamTask): void {
    const record = this.records.get(this.key(server, task.taskId));
    if (!record || isTerminal(record.task.status)) return;
    record.task = { ...record.task, ...task };
    this.evict(server);
  }

  get(viewer: Viewer, server: string, taskId: string): TaskRecord | undefined {
    const record = this.records.get(this.key(server, taskId));
    return record && (viewer.operator || record.owner === viewer.sessionId) ? record : undefined;
  }

  list(viewer: Viewer, server?: string): TaskRecord[] {
    return [...this.records.values()].filter((r) => (viewer.operator || r.owner === viewer.sessionId) && (!server || r.server === server));
  }

  activeCount(server?: string): number {
    return [...this.records.values()].filter((r) => (!server || r.server === server) && !isTerminal(r.task.status)).length;
  }

  private evict(server: string): void {
    const terminal = [...this.records.entries()].filter(([, r]) => r.server === server && isTerminal(r.task.status));
    for (const [key] of terminal.slice(0, Math.max(0, terminal.length - MAX_TERMINAL_PER_SERVER))) this.records.delete(key);
  }
}
