// tasks/get and tasks/result for one task, sent as pending calls of the session that asks (contract §2.6,
// §7.5): gateway.list_pending shows them with their task (tool_id "" as for any control request),
// gateway.cancel, forced lifecycle actions and the session's end abort them downstream
// (notifications/cancelled, E307), and they count as the server's pending work. tasks/result can wait
// minutes, so an untracked one would be work nobody can see or stop.
import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import * as z from 'zod';
import { CallCancelled, type PendingCalls } from './pending-calls';
import type { DownstreamTask } from './task-records';

const Task = z.looseObject({ taskId: z.string(), status: z.string() });
const Loose = z.looseObject({});

export interface TaskPoll {
  pending: PendingCalls;
  server: string;
  taskId: string;
  sessionId: string | null;
  timeoutMs: number;
}

async function tracked<T>(poll: TaskPoll, send: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const call = poll.pending.begin(poll.server, '', poll.timeoutMs, poll.sessionId, poll.taskId);
  try {
    return await send(call.controller.signal);
  } catch (error) {
    // The SDK rejects an aborted request with its own AbortError; the cause says who stopped it.
    const reason: unknown = call.controller.signal.reason;
    throw call.controller.signal.aborted && reason instanceof CallCancelled ? reason : error;
  } finally {
    poll.pending.end(call.id);
  }
}

export function pollTask(client: Client, poll: TaskPoll): Promise<DownstreamTask> {
  // tasks/get answers with the task's fields at the top level of the result.
  return tracked(poll, async (signal) =>
    (await client.request({ method: 'tasks/get', params: { taskId: poll.taskId } }, Task, { timeout: poll.timeoutMs, signal })) as DownstreamTask);
}

export function awaitTaskResult(client: Client, poll: TaskPoll): Promise<CallToolResult> {
  // A task result is not a CallToolResult to the schema: fields a server adds must survive.
  return tracked(poll, async (signal) =>
    (await client.request({ method: 'tasks/result', params: { taskId: poll.taskId } }, Loose, { timeout: poll.timeoutMs, signal })) as CallToolResult);
}
