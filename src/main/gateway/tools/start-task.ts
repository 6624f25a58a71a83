// The task branch of gateway.invoke: forwarded only when both the tool and its server advertise task
// support, recorded for the calling session (with what the caller asked that MCP cannot carry),
// answered with the task instead of a result.
import type { CallToolResult, Client, Tool } from '@modelcontextprotocol/client';
import { GatewayError } from '../../core/errors';
import type { ServerHandle } from '../../supervisor/server-handle';
import { createToolTask, serverSupportsToolTasks } from '../../supervisor/task-calls';
import { MAX_ACTIVE_PER_OWNER } from '../../supervisor/task-records';
import { rememberTaskRequest, type TaskRequest } from '../../supervisor/task-requests';
import { callError } from '../call-errors';
import { jsonResult } from '../envelope';
import type { GatewayContext } from '../meta-tool';
import { taskInfo } from '../task-info';
import type { TraceMeta } from '../trace-context';

const CREATE_TIMEOUT_MS = 30_000;

export async function startTask(
  handle: ServerHandle,
  tool: Tool,
  toolId: string,
  args: Record<string, unknown>,
  options: { ttlSeconds?: number; request: TaskRequest; meta: TraceMeta },
  gateway: GatewayContext,
  failure: (error: unknown) => CallToolResult,
): Promise<CallToolResult> {
  const support = tool.execution?.taskSupport;
  let client: Client;
  try {
    client = await handle.ensureConnected();
  } catch (error) {
    return failure(error); // E201 with its auth fields, E204, E206…, like any invoke failure
  }
  if ((support !== 'optional' && support !== 'required') || !serverSupportsToolTasks(client)) {
    return failure(
      new GatewayError('E302', `${toolId} does not advertise MCP task support (tool taskSupport: ${support ?? 'forbidden'})`,
        { source: 'gateway' }, 'call it without task={...}'),
    );
  }
  const owner = gateway.session.sessionId;
  if (gateway.supervisor.tasks.activeFor(owner) >= MAX_ACTIVE_PER_OWNER) {
    return failure(new GatewayError('E302', `this session already has ${MAX_ACTIVE_PER_OWNER} active tasks`, { source: 'gateway' }, 'wait for some to finish or cancel them'));
  }
  const startedAt = Date.now();
  try {
    const ttlMs = options.ttlSeconds === undefined ? undefined : Math.round(options.ttlSeconds * 1000);
    const task = await createToolTask(client, tool.name, args, { ttlMs, timeoutMs: CREATE_TIMEOUT_MS, meta: options.meta });
    rememberTaskRequest(gateway.supervisor.tasks.add(owner, handle.name, toolId, task), options.request);
    return jsonResult({ tool_id: toolId, ok: true, task: { server_name: handle.name, ...taskInfo(task, gateway.policy()) }, truncated: false, errors: [] });
  } catch (error) {
    return failure(callError(error, { server: handle.name, toolId, timeoutMs: CREATE_TIMEOUT_MS, startedAt }));
  }
}
