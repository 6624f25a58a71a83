// The task branch of gateway.invoke: forwarded only when both the tool and its server advertise task
// support, recorded for the calling session (with what the caller asked that MCP cannot carry),
// answered with the task instead of a result.
import type { CallToolResult, Client, Tool } from '@modelcontextprotocol/client';
import { GatewayError } from '../../common/errors';
import type { ServerHandle } from '../../supervisor/server-handle';
import { createToolTask, serverSupportsToolTasks } from '../../supervisor/task-calls';
import { MAX_ACTIVE_PER_OWNER, type TaskRecord } from '../../supervisor/task-records';
import { rememberTaskRequest, type TaskRequest } from '../../supervisor/task-requests';
import { callError } from '../call-errors';
import { jsonResult } from '../envelope';
import type { GatewayContext } from '../meta-tool';
import { taskInfo } from '../task-info';
import type { TraceMeta } from '../trace-context';

const CREATE_TIMEOUT_MS = 30_000;

/** The call a task runs: which tool of which server, with which arguments, for whom, and how it fails. */
export interface TaskTarget {
  handle: ServerHandle;
  tool: Tool;
  toolId: string;
  args: Record<string, unknown>;
  gateway: GatewayContext;
  failure: (error: unknown) => CallToolResult;
}

export interface TaskStart {
  ttlSeconds?: number;
  request: TaskRequest;
  meta: TraceMeta;
}

/** Why this tool cannot run as a task on this server (contract §2.3: E302, "does not advertise MCP task support"). */
function taskRefusal(toolId: string, server: string, support: string | undefined, client: Client): GatewayError | null {
  if (support !== 'optional' && support !== 'required') {
    return new GatewayError('E302', `${toolId} does not advertise MCP task support (tool taskSupport: ${support ?? 'forbidden'})`,
      { source: 'gateway' }, 'call it without task={...}');
  }
  if (serverSupportsToolTasks(client)) return null;
  // A tool that runs only as a task has no plain call to fall back on (the spec forbids it).
  const suggestion = support === 'required'
    ? `it runs only as an MCP task, which server "${server}" cannot run; use a version of the server that advertises tasks`
    : 'call it without task={...}';
  return new GatewayError('E302',
    `${toolId} (taskSupport: ${support}) cannot run as a task: server "${server}" does not advertise MCP task support (no tasks capability)`,
    { source: 'gateway', server, task_support: support }, suggestion);
}

/** Creates the task downstream and records it for the calling session; or the failure answer. */
export async function createTask(target: TaskTarget, options: TaskStart): Promise<{ record: TaskRecord; client: Client } | { failed: CallToolResult }> {
  const { handle, tool, toolId, args, gateway, failure } = target;
  let client: Client;
  try {
    client = await handle.ensureConnected();
  } catch (error) {
    return { failed: failure(error) }; // E201 with its auth fields, E204, E206…, like any invoke failure
  }
  const refusal = taskRefusal(toolId, handle.name, tool.execution?.taskSupport, client);
  if (refusal) return { failed: failure(refusal) };
  const owner = gateway.session.sessionId;
  if (gateway.supervisor.tasks.activeFor(owner) >= MAX_ACTIVE_PER_OWNER) {
    return { failed: failure(new GatewayError('E302', `this session already has ${MAX_ACTIVE_PER_OWNER} active tasks`, { source: 'gateway' }, 'wait for some to finish or cancel them')) };
  }
  const startedAt = Date.now();
  try {
    const ttlMs = options.ttlSeconds === undefined ? undefined : Math.round(options.ttlSeconds * 1000);
    const task = await createToolTask(client, tool.name, args, { ttlMs, timeoutMs: CREATE_TIMEOUT_MS, meta: options.meta });
    const record = gateway.supervisor.tasks.add(owner, handle.name, toolId, task);
    rememberTaskRequest(record, options.request);
    return { record, client };
  } catch (error) {
    return { failed: failure(callError(error, { server: handle.name, toolId, timeoutMs: CREATE_TIMEOUT_MS, startedAt })) };
  }
}

/** The answer that hands the caller a task to poll: ok, the task, no result. */
export function taskAnswer(toolId: string, record: TaskRecord, gateway: GatewayContext): CallToolResult {
  return jsonResult({ tool_id: toolId, ok: true, task: { server_name: record.server, ...taskInfo(record.task, gateway.policy()) }, truncated: false, errors: [] });
}

export async function startTask(target: TaskTarget, options: TaskStart): Promise<CallToolResult> {
  const created = await createTask(target, options);
  return 'failed' in created ? created.failed : taskAnswer(target.toolId, created.record, target.gateway);
}
