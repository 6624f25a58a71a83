// The downstream side of MCP tasks (2025-11-25): create a task-augmented tools/call, tasks/cancel and
// tasks/list (tasks/get and tasks/result run as pending calls: task-polls.ts). Results are read with
// loose schemas, so fields a server adds survive.
import type { Client } from '@modelcontextprotocol/client';
import * as z from 'zod';
import { metaParam } from './tool-call';
import type { DownstreamTask } from './task-records';

const Task = z.looseObject({ taskId: z.string(), status: z.string() });
const CreateTaskResult = z.looseObject({ task: Task });
const TaskList = z.looseObject({ tasks: z.array(Task), nextCursor: z.string().optional() });

/** Whether the server said it accepts task-augmented tools/call. */
export function serverSupportsToolTasks(client: Client): boolean {
  const tasks = client.getServerCapabilities()?.tasks as { requests?: { tools?: { call?: unknown } } } | undefined;
  return tasks?.requests?.tools?.call !== undefined;
}

export interface TaskCallOptions {
  /**
   * The only caller option MCP's task request carries (2025-11-25 TaskMetadata is `{ttl?}`); the
   * caller's poll interval, metadata and requestor context stay with Gatehouse's record (task-requests.ts).
   */
  ttlMs?: number;
  timeoutMs: number;
  /** Request `_meta` keys for the server (the caller's validated trace context), as for a plain call. */
  meta?: Readonly<Record<string, string>>;
}

export async function createToolTask(client: Client, tool: string, args: Record<string, unknown>, options: TaskCallOptions): Promise<DownstreamTask> {
  const { ttlMs, timeoutMs, meta } = options;
  const result = await client.request(
    { method: 'tools/call', params: { name: tool, arguments: args, task: ttlMs === undefined ? {} : { ttl: ttlMs }, ...metaParam(meta) } },
    CreateTaskResult,
    { timeout: timeoutMs },
  );
  return result.task as DownstreamTask;
}

export async function cancelTask(client: Client, taskId: string, timeoutMs: number): Promise<DownstreamTask> {
  return (await client.request({ method: 'tasks/cancel', params: { taskId } }, Task, { timeout: timeoutMs })) as DownstreamTask;
}

export async function listTasks(client: Client, cursor: string | undefined, timeoutMs: number): Promise<{ tasks: DownstreamTask[]; nextCursor?: string }> {
  const result = await client.request({ method: 'tasks/list', params: cursor ? { cursor } : {} }, TaskList, { timeout: timeoutMs });
  return { tasks: result.tasks as DownstreamTask[], nextCursor: result.nextCursor };
}
