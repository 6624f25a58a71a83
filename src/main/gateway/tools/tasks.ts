// gateway.tasks_list / tasks_get / tasks_result / tasks_cancel (contract §2.6, §7.7). Task ids are
// downstream ids paired with server_name; a session sees only the tasks it created. A denied server is
// refused as denied (`Server 'x' is blocked by policy.`), before its tasks are looked up. tasks/get and
// tasks/result run as the session's pending calls (task-polls.ts), so list_pending and cancel reach them.
import * as z from 'zod';
import { GatewayError } from '../../common/errors';
import { viewerOf } from '../../supervisor/pending-calls';
import { cancelTask, listTasks, serverSupportsToolTasks } from '../../supervisor/task-calls';
import { awaitTaskResult, pollTask, type TaskPoll } from '../../supervisor/task-polls';
import { isTerminal, type TaskRecord } from '../../supervisor/task-records';
import { callError } from '../call-errors';
import { errorEntry, jsonResult, type ErrorEntry } from '../envelope';
import { defineMetaTool, type GatewayContext } from '../meta-tool';
import { serverDenial } from '../server-denial';
import { outputBudget } from '../output-budget';
import { shapeResult } from '../shape-result';
import { taskInfo } from '../task-info';
import { readTaskCursor, taskPage } from '../task-pages';
import { CURSOR_HEADER, inwardId, misroutedText, TASK_ID_HEADER } from '../routed-ids';

const CONTROL_TIMEOUT_MS = 30_000;
// tasks/result blocks until the task is terminal; bounded by the request ceiling, not the idle timer.
const RESULT_TIMEOUT_MS = 600_000;

const viewer = (gateway: GatewayContext) => viewerOf(gateway.session);

function poll(gateway: GatewayContext, record: TaskRecord, timeoutMs: number): TaskPoll {
  return { pending: gateway.supervisor.pending, server: record.server, taskId: record.task.taskId, sessionId: gateway.session.sessionId, timeoutMs };
}

function notFound(server: string, taskId: string) {
  return new GatewayError('E301', `No task '${taskId}' on server '${server}' for this session.`, { server, task_id: taskId });
}

// task_id and cursor are mirrored into Mcp-Param-* headers by 2026-07-28 clients (routed-ids.ts).
const TaskRef = z.object({ server_name: z.string().min(1), task_id: z.string().min(1).meta({ 'x-mcp-header': TASK_ID_HEADER }) });

/** The record a client's task reference names, after its replica prefix is checked and stripped. */
function findTask(gateway: GatewayContext, server: string, taskId: string): { record: TaskRecord | undefined; misrouted: GatewayError | null } {
  const routed = inwardId(taskId);
  if (!routed.ok) {
    const error = new GatewayError('E301', misroutedText(`task '${taskId}'`, routed.replica, routed.here), { server, task_id: taskId },
      'send tasks_* calls through the load balancer from a 2026-07-28 client (it mirrors task_id into Mcp-Param-Task-Id), or keep a 2025-11-25 session, which stays on one replica');
    return { record: undefined, misrouted: error };
  }
  return { record: gateway.supervisor.tasks.get(viewer(gateway), server, routed.id), misrouted: null };
}

async function connectedClient(gateway: GatewayContext, server: string) {
  return gateway.supervisor.require(server).ensureConnected();
}

export const tasksList = defineMetaTool({
  name: 'gateway.tasks_list',
  title: 'List tasks',
  description:
    'Your MCP tasks (long-running tool calls started with gateway.invoke task={...}), refreshed from connected servers, ' +
    'oldest first, a page at a time: pass next_cursor back as cursor for the next page.',
  annotations: { readOnlyHint: true },
  // Not nullish: SEP-2243 allows x-mcp-header only on a plainly typed property (an anyOf would make
  // 2026-07-28 clients drop the tool); a null sent anyway is dropped before validation, as for every field.
  input: z.object({ server_name: z.string().nullish(), cursor: z.string().meta({ 'x-mcp-header': CURSOR_HEADER }).optional() }),
  async run(args, gateway) {
    const denial = args.server_name ? serverDenial(gateway, args.server_name) : null;
    if (denial) return jsonResult({ ok: false, tasks: [], errors: [errorEntry(denial)] });
    // Checked before anything is asked downstream: a bad cursor costs the servers nothing.
    const cursor = readTaskCursor(args.cursor ?? undefined, viewer(gateway));
    if (!cursor.ok) return jsonResult({ ok: false, tasks: [], errors: [errorEntry(cursor.error)] });
    const { supervisor } = gateway;
    const errors: ErrorEntry[] = [];
    const servers = supervisor.all().filter((h) => !args.server_name || h.name === args.server_name);
    for (const handle of servers) {
      const client = handle.client;
      if (!client || !serverSupportsToolTasks(client)) continue;
      try {
        const { tasks } = await listTasks(client, undefined, CONTROL_TIMEOUT_MS);
        for (const task of tasks) supervisor.tasks.update(handle.name, task);
      } catch (error) {
        errors.push(errorEntry(callError(error, { server: handle.name, toolId: '', timeoutMs: CONTROL_TIMEOUT_MS, startedAt: Date.now() })));
      }
    }
    const { page, nextCursor } = taskPage(supervisor.tasks.list(viewer(gateway), args.server_name ?? undefined), viewer(gateway), cursor.after);
    const tasks = page.map((r) => ({ server_name: r.server, tool_id: r.toolId, ...taskInfo(r.task, gateway.policy()) }));
    return jsonResult({ ok: errors.length === 0, tasks, next_cursor: nextCursor, errors });
  },
});

export const tasksGet = defineMetaTool({
  name: 'gateway.tasks_get',
  title: 'Get a task',
  description: 'The current status of one of your tasks.',
  annotations: { readOnlyHint: true },
  input: TaskRef,
  async run(args, gateway) {
    const denial = serverDenial(gateway, args.server_name);
    if (denial) return jsonResult({ ok: false, errors: [errorEntry(denial)] });
    const { record, misrouted } = findTask(gateway, args.server_name, args.task_id);
    if (!record) return jsonResult({ ok: false, errors: [errorEntry(misrouted ?? notFound(args.server_name, args.task_id))] });
    if (!isTerminal(record.task.status)) {
      try {
        gateway.supervisor.tasks.update(record.server, await pollTask(await connectedClient(gateway, record.server), poll(gateway, record, CONTROL_TIMEOUT_MS)));
      } catch (error) {
        return jsonResult({ ok: false, task: taskInfo(record.task, gateway.policy()), errors: [errorEntry(callError(error, { server: record.server, toolId: record.toolId, timeoutMs: CONTROL_TIMEOUT_MS, startedAt: Date.now() }))] });
      }
    }
    return jsonResult({ ok: true, task: taskInfo(record.task, gateway.policy()), errors: [] });
  },
});

export const tasksResult = defineMetaTool({
  name: 'gateway.tasks_result',
  title: 'Get a task result',
  description: 'Wait for one of your tasks to finish and return its result, shaped like gateway.invoke.',
  input: TaskRef.extend({
    options: z.object({ max_output_chars: z.number().int().min(100).max(100_000).nullish(), redact_secrets: z.boolean().default(true) }).nullish(),
  }),
  async run(args, gateway) {
    const denial = serverDenial(gateway, args.server_name);
    if (denial) return jsonResult({ ok: false, truncated: false, errors: [errorEntry(denial)] }, { isError: true });
    const { record, misrouted } = findTask(gateway, args.server_name, args.task_id);
    if (!record) return jsonResult({ ok: false, truncated: false, errors: [errorEntry(misrouted ?? notFound(args.server_name, args.task_id))] }, { isError: true });
    const startedAt = Date.now();
    try {
      const client = await connectedClient(gateway, record.server);
      const result = await awaitTaskResult(client, poll(gateway, record, RESULT_TIMEOUT_MS));
      gateway.supervisor.tasks.update(record.server, await pollTask(client, poll(gateway, record, CONTROL_TIMEOUT_MS)));
      // Redaction is forced on for task results (contract §2.3).
      const shaped = shapeResult(result, outputBudget(gateway, args.options?.max_output_chars, true));
      const ok = result.isError !== true;
      return jsonResult(
        {
          ok,
          task: taskInfo(record.task, gateway.policy()),
          result: shaped.result,
          truncated: shaped.truncated,
          summary: shaped.truncated ? `Output was ${shaped.rawSize} bytes; text was cut to the output limit.` : null,
          raw_size_estimate: shaped.truncated ? shaped.rawSize : null,
          errors: ok ? [] : [errorEntry(new GatewayError('E302', `${record.toolId} reported an error`, { source: 'downstream' }))],
        },
        { isError: !ok, extra: shaped.passthrough },
      );
    } catch (error) {
      const failure = callError(error, { server: record.server, toolId: record.toolId, timeoutMs: RESULT_TIMEOUT_MS, startedAt });
      return jsonResult({ ok: false, task: taskInfo(record.task, gateway.policy()), truncated: false, errors: [errorEntry(failure)] }, { isError: true });
    }
  },
});

export const tasksCancel = defineMetaTool({
  name: 'gateway.tasks_cancel',
  title: 'Cancel a task',
  description: 'Cancel one of your tasks (tasks/cancel downstream). Cancelling a finished task is a no-op.',
  annotations: { destructiveHint: true },
  input: TaskRef.extend({ force: z.boolean().default(false) }),
  async run(args, gateway) {
    const denial = serverDenial(gateway, args.server_name);
    if (denial) return jsonResult({ ok: false, status: 'policy_denied', message: denial.message, errors: [errorEntry(denial)] });
    const { record, misrouted } = findTask(gateway, args.server_name, args.task_id);
    if (!record) return jsonResult({ ok: false, status: 'not_found', message: misrouted?.message ?? `No task '${args.task_id}' on server '${args.server_name}' for this session.`, errors: misrouted ? [errorEntry(misrouted)] : [] });
    if (isTerminal(record.task.status)) {
      return jsonResult({ ok: true, task: taskInfo(record.task, gateway.policy()), status: 'cancelled', message: `The task already ended (${record.task.status}).`, errors: [] });
    }
    try {
      const task = await cancelTask(await connectedClient(gateway, record.server), record.task.taskId, CONTROL_TIMEOUT_MS);
      gateway.supervisor.tasks.update(record.server, task);
      return jsonResult({ ok: true, task: taskInfo(record.task, gateway.policy()), status: 'cancelled', message: 'The task was cancelled.', errors: [] });
    } catch (error) {
      const failure = callError(error, { server: record.server, toolId: record.toolId, timeoutMs: CONTROL_TIMEOUT_MS, startedAt: Date.now() });
      return jsonResult({ ok: false, task: taskInfo(record.task, gateway.policy()), status: 'error', message: failure.message, errors: [errorEntry(failure)] });
    }
  },
});
