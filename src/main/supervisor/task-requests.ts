// What a caller asked for when it created a task that MCP's task request cannot carry. A 2025-11-25
// `params.task` is TaskMetadata `{ttl?}` only (the SDK's TaskMetadataSchema); the poll interval is the
// server's to suggest, and there is no field for caller metadata or requestor context. So ttl goes on
// the wire and the rest stays with Gatehouse's own record of the task, never sent downstream.
import type { TaskRecord } from './task-records';

export interface TaskRequest {
  /** Seconds between polls the caller intends (the server's `pollInterval` still wins in McpTaskInfo). */
  pollIntervalSeconds: number | null;
  metadata: Record<string, unknown> | null;
  requestorContext: Record<string, unknown> | null;
}

// Keyed by the record itself: when the task records evict a record, its request goes with it.
const requests = new WeakMap<TaskRecord, TaskRequest>();

export function rememberTaskRequest(record: TaskRecord, request: TaskRequest): void {
  if (request.pollIntervalSeconds !== null || request.metadata !== null || request.requestorContext !== null) requests.set(record, request);
}

export function taskRequestOf(record: TaskRecord): TaskRequest | null {
  return requests.get(record) ?? null;
}
