// A plain gateway.invoke of a tool that declares `execution.taskSupport: "required"`: the spec forbids
// calling it without a task, so it runs as one (issue 12). The caller asked for a result, so the gateway
// waits for the task's result (tasks/result, a pending call of the session like tasks_result's) for at
// most the call's timeout: a result in time is answered as a plain call's, with the task beside it; a
// task still running is handed over to poll with gateway.tasks_get / tasks_result. A caller that gives
// up (client cancellation) cancels the task downstream too: nobody asked for it to outlive the call.
import { SdkError, SdkErrorCode, type CallToolResult, type Client, } from '@modelcontextprotocol/client';
import { CallCancelled } from '../../supervisor/pending-calls';
import { cancelTask } from '../../supervisor/task-calls';
import { awaitTaskResult, pollTask, type TaskPoll } from '../../supervisor/task-polls';
import type { TaskRecord } from '../../supervisor/task-records';
import { callError } from '../call-errors';
import type { GatewayContext } from '../meta-tool';
import { outputBudget } from '../output-budget';
import { resultAnswer } from '../result-answer';
import { taskInfo } from '../task-info';
import type { TraceMeta } from '../trace-context';
import { createTask, taskAnswer, type TaskTarget } from './start-task';

const CONTROL_TIMEOUT_MS = 30_000;

export interface RequiredTaskCall {
  meta: TraceMeta;
  /** How long the caller waits for the result (invoke's options.timeout_ms). */
  waitMs: number;
  maxOutputChars: number | null | undefined;
  /** The caller's own request: aborted when the client cancels it. */
  signal: AbortSignal;
}

function poll(gateway: GatewayContext, record: TaskRecord, timeoutMs: number): TaskPoll {
  return { pending: gateway.supervisor.pending, server: record.server, taskId: record.task.taskId, sessionId: gateway.session.sessionId, timeoutMs };
}

/** Ends the session's wait (tasks/result) for this task: the request is cancelled downstream. */
function stopWaiting(gateway: GatewayContext, record: TaskRecord): void {
  const waits = gateway.supervisor.pending.list({ operator: true }, record.server)
    .filter((call) => call.taskId === record.task.taskId && call.sessionId === gateway.session.sessionId);
  for (const call of waits) gateway.supervisor.pending.cancel(call, 'client');
}

/** tasks/cancel for a task its caller gave up on. */
async function cancelDownstream(gateway: GatewayContext, client: Client, record: TaskRecord): Promise<void> {
  try {
    gateway.supervisor.tasks.update(record.server, await cancelTask(client, record.task.taskId, CONTROL_TIMEOUT_MS));
  } catch {
    // Already terminal, or the server is gone: either way nothing is left running for this caller.
  }
}

/** The task's result, or null when the wait ran out first; CallCancelled('client') if the caller gave up. */
async function resultWithin(gateway: GatewayContext, client: Client, record: TaskRecord, call: RequiredTaskCall): Promise<CallToolResult | null> {
  const onAbort = () => stopWaiting(gateway, record);
  call.signal.addEventListener('abort', onAbort, { once: true });
  try {
    if (call.signal.aborted) throw new CallCancelled('client');
    return await awaitTaskResult(client, poll(gateway, record, call.waitMs));
  } catch (error) {
    if (call.signal.aborted) {
      await cancelDownstream(gateway, client, record);
      throw new CallCancelled('client');
    }
    if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) return null;
    throw error;
  } finally {
    call.signal.removeEventListener('abort', onAbort);
  }
}

export async function runRequiredTask(target: TaskTarget, call: RequiredTaskCall): Promise<CallToolResult> {
  const { toolId, gateway, failure } = target;
  const request = { pollIntervalSeconds: null, metadata: null, requestorContext: null };
  const created = await createTask(target, { request, meta: call.meta });
  if ('failed' in created) return created.failed;
  const { record, client } = created;
  const startedAt = Date.now();
  let result: CallToolResult | null;
  try {
    result = await resultWithin(gateway, client, record, call);
  } catch (error) {
    return failure(callError(error, { server: record.server, toolId, timeoutMs: call.waitMs, startedAt }));
  }
  if (!result) return taskAnswer(toolId, record, gateway);
  try {
    gateway.supervisor.tasks.update(record.server, await pollTask(client, poll(gateway, record, CONTROL_TIMEOUT_MS)));
  } catch {
    // The result is in hand; the record's status just stays as last seen.
  }
  // Redaction is forced on for task results (contract §2.3), whatever redact_secrets said.
  const task = { server_name: record.server, ...taskInfo(record.task, gateway.policy()) };
  return resultAnswer(toolId, result, outputBudget(gateway, call.maxOutputChars, true), { task });
}
