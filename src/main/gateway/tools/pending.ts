// gateway.list_pending and gateway.cancel (contract §2.6). A session sees and cancels only its own
// requests; others' are not_found, never leaked by id.
import * as z from 'zod';
import { activityState, viewerOf, type PendingCall, type Viewer } from '../../supervisor/pending-calls';
import type { TaskRecords } from '../../supervisor/task-records';
import { jsonResult } from '../envelope';
import { defineMetaTool } from '../meta-tool';
import { outwardId } from '../routed-ids';

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/**
 * task_id and task_status for a request that polls an MCP task (tasks/get, tasks/result), else nothing.
 * The status is Gatehouse's latest record of the task; a record already evicted leaves it out.
 */
function taskOf(call: PendingCall, tasks: TaskRecords, viewer: Viewer) {
  if (call.taskId === undefined) return {};
  // Read as the viewer, though a session only ever polls its own tasks: nothing else's status can leak.
  const record = tasks.get(viewer, call.server, call.taskId);
  return { task_id: outwardId(call.taskId), task_status: record?.task.status ?? null };
}

export const listPending = defineMetaTool({
  name: 'gateway.list_pending',
  title: 'List pending requests',
  description:
    'Requests still running downstream for this client: tool, age, time since the server last showed progress, state; ' +
    'a wait on one of your MCP tasks (tasks_get, tasks_result) names its task_id and task_status.',
  annotations: { readOnlyHint: true },
  input: z.object({ server: z.string().nullish() }),
  async run(args, gateway) {
    const now = Date.now();
    const { pending, tasks } = gateway.supervisor;
    const viewer = viewerOf(gateway.session);
    const requests = pending.list(viewer, args.server ?? undefined).map((call) => ({
      request_id: call.id,
      server_name: call.server,
      tool_id: call.toolId,
      started_at_iso: new Date(call.startedAt).toISOString(),
      elapsed_seconds: seconds(now - call.startedAt),
      timeout_ms: call.timeoutMs,
      state: activityState(call, now),
      last_heartbeat_seconds_ago: seconds(now - call.lastActivity),
      ...taskOf(call, tasks, viewer),
    }));
    return jsonResult({ requests, total_pending: requests.length });
  },
});

export const cancel = defineMetaTool({
  name: 'gateway.cancel',
  title: 'Cancel a pending request',
  description:
    'Cancel one of your pending requests (request_id from gateway.list_pending). A request that is still making progress ' +
    'is only cancelled with force=true; the server is told to stop (notifications/cancelled).',
  annotations: { destructiveHint: true },
  input: z.object({ request_id: z.string().min(1), force: z.boolean().default(false) }),
  async run(args, gateway) {
    const { pending } = gateway.supervisor;
    const call = pending.get(args.request_id, viewerOf(gateway.session));
    if (!call) {
      const done = pending.wasCompleted(args.request_id, viewerOf(gateway.session));
      return jsonResult({
        request_id: args.request_id,
        status: done ? 'already_complete' : 'not_found',
        message: done ? 'The request already finished.' : `No pending request '${args.request_id}' for this session.`,
      });
    }
    const now = Date.now();
    const stalled = activityState(call, now) === 'stalled';
    const elapsed_seconds = seconds(now - call.startedAt);
    if (!stalled && !args.force) {
      return jsonResult({
        request_id: call.id,
        status: 'refused',
        message: 'The request is still healthy (recent activity); pass force=true to cancel it anyway.',
        was_stalled: false,
        elapsed_seconds,
      });
    }
    pending.cancel(call, 'gateway.cancel');
    return jsonResult({ request_id: call.id, status: 'cancelled', message: 'Cancelled; the server was told to stop.', was_stalled: stalled, elapsed_seconds });
  },
});
