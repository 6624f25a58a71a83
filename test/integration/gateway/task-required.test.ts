// gateway.invoke of a tool that declares `execution.taskSupport: "required"` (issue 12, finding 9): the
// spec forbids calling it without a task, so the gateway always runs it as an MCP task. Asked with
// task={...} it returns the task at once; asked for a plain call it waits up to options.timeout_ms and
// returns the result, or the task to poll if the work outlives the wait; a caller that gives up cancels
// the task. A server without the `tasks` capability gets no task and no plain call: E302 (contract §2.3).
// Real fixture servers (test/fixtures/servers/task-jobs-server.ts) refuse a plain call of such a tool
// with -32601, as a conforming server does.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { ErrorEntry } from '../../../src/main/gateway/envelope';
import { coreForFile } from '../../helpers/core';
import { callMeta } from '../../helpers/meta';
import { waitFor } from '../../helpers/wait';
import { REPO_ROOT } from '../../helpers/workspace';

const TASK_JOBS = join(REPO_ROOT, 'out/fixtures/task-jobs-server.mjs');
const shared = coreForFile({
  mcpServers: {
    jobs: { command: process.execPath, args: [TASK_JOBS] },
    plain: { command: process.execPath, args: [TASK_JOBS, '--no-tasks'] },
  },
});

interface InvokeAnswer {
  ok: boolean;
  errors: ErrorEntry[];
  result?: { content: { type: string; text?: string }[] };
  task?: { server_name: string; task_id: string; status: string };
}

const invoke = (args: Record<string, unknown>) => callMeta<InvokeAnswer>(shared.core.client, 'gateway.invoke', args);

it('runs a required-task tool called without a task as an MCP task, and returns the result it finished with', async () => {
  const { body, isError } = await invoke({ tool_id: 'jobs::report', arguments: { topic: 'gateways' } });
  expect(isError).toBe(false);
  expect(body).toMatchObject({ ok: true, errors: [], result: { content: [{ type: 'text', text: 'report on gateways' }] } });
  expect(body.task).toMatchObject({ server_name: 'jobs', status: 'completed' });
  const listed = await callMeta<{ tasks: { task_id: string; status: string }[] }>(shared.core.client, 'gateway.tasks_list', { server_name: 'jobs' });
  expect(listed.body.tasks).toContainEqual(expect.objectContaining({ task_id: body.task?.task_id, status: 'completed' }));
});

it('redacts that result with the policy patterns even when redact_secrets is false, as for every task result', async () => {
  const { body } = await invoke({ tool_id: 'jobs::report', arguments: { topic: 'api_key=abc123' }, options: { redact_secrets: false } });
  expect(body.ok).toBe(true);
  expect(body.result?.content[0]?.text).toContain('[REDACTED]');
  expect(JSON.stringify(body)).not.toContain('abc123');
});

it('returns the task to poll when the work outlives the wait (options.timeout_ms)', async () => {
  const { body, isError } = await invoke({ tool_id: 'jobs::watch', options: { timeout_ms: 1000 } });
  expect(isError).toBe(false);
  expect(body).toMatchObject({ ok: true, errors: [], task: { server_name: 'jobs', status: 'working' } });
  expect(body.result).toBeUndefined();
  const task_id = body.task?.task_id;
  const polled = await callMeta<{ ok: boolean; task: { status: string } }>(shared.core.client, 'gateway.tasks_get', { server_name: 'jobs', task_id });
  expect(polled.body).toMatchObject({ ok: true, task: { status: 'working' } });
  const cancelled = await callMeta<{ ok: boolean; status: string }>(shared.core.client, 'gateway.tasks_cancel', { server_name: 'jobs', task_id });
  expect(cancelled.body).toMatchObject({ ok: true, status: 'cancelled' });
});

it('returns the task at once when the caller asked for one with task={...}', async () => {
  const { body } = await invoke({ tool_id: 'jobs::report', arguments: { topic: 'later' }, task: {} });
  expect(body).toMatchObject({ ok: true, task: { server_name: 'jobs', status: 'working' } });
  expect(body.result).toBeUndefined();
  const result = await callMeta<InvokeAnswer>(shared.core.client, 'gateway.tasks_result', { server_name: 'jobs', task_id: body.task?.task_id });
  expect(result.body).toMatchObject({ ok: true, result: { content: [{ type: 'text', text: 'report on later' }] } });
});

it('cancels the task downstream when the caller of a plain call gives up while it waits', async () => {
  const controller = new AbortController();
  const waiting = shared.core.client.callTool({ name: 'gateway.invoke', arguments: { tool_id: 'jobs::watch', options: { timeout_ms: 300_000 } } }, { signal: controller.signal });
  waiting.catch(() => undefined); // rejected by the abort below
  type Pending = { requests: { task_id?: string }[] };
  const taskId = await waitFor(async () => {
    const { body } = await callMeta<Pending>(shared.core.client, 'gateway.list_pending');
    return body.requests.find((row) => row.task_id)?.task_id;
  }, 'the wait for the watch task to be pending');
  controller.abort();
  await expect(waiting).rejects.toThrow();
  await waitFor(async () => {
    const { body } = await callMeta<{ task?: { status: string } }>(shared.core.client, 'gateway.tasks_get', { server_name: 'jobs', task_id: taskId });
    return body.task?.status === 'cancelled';
  }, 'the watch task to be cancelled downstream');
});

it.each([
  ['without a task', {}],
  ['with task={...}', { task: {} }],
])('refuses a required-task tool on a server without the tasks capability with E302 (%s)', async (_label, extra) => {
  const { body, isError } = await invoke({ tool_id: 'plain::report', arguments: { topic: 'x' }, ...extra });
  expect(isError).toBe(true);
  expect(body).toMatchObject({ ok: false, errors: [{ code: 'E302', details: { source: 'gateway' } }] });
  expect(body.errors[0]?.message).toContain('does not advertise MCP task support');
  expect(body.errors[0]?.message).toContain('"plain"');
  expect(body.result).toBeUndefined();
});

it('still calls an optional-task tool plainly when no task is asked for', async () => {
  const { body } = await invoke({ tool_id: 'jobs::job' });
  expect(body).toMatchObject({ ok: true, result: { content: [{ type: 'text', text: 'done at once' }] } });
  expect(body.task).toBeUndefined();
});
