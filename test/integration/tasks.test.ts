// MCP tasks through the gateway against server-everything's task-only tool: created for the calling
// session, polled, awaited, listed, invisible to other sessions; refused for tools without task support.
import { expect, it } from 'vitest';
import { coreForFile } from '../helpers/core';
import { callMeta } from '../helpers/meta';
import { everythingServer } from '../helpers/workspace';
import type { ErrorEntry } from '../../src/main/gateway/envelope';

interface TaskInfo {
  server_name: string;
  task_id: string;
  status: string;
}

const shared = coreForFile({ mcpServers: { everything: everythingServer() } });

it('runs a task-only tool as a task and returns its result to its owner only', async () => {
  const started = await callMeta<{ ok: boolean; task: TaskInfo }>(shared.core.client, 'gateway.invoke', {
    tool_id: 'everything::simulate-research-query',
    arguments: { topic: 'gateways' },
    task: { ttl: 60 },
  });
  expect(started.body.ok).toBe(true);
  const { task_id, server_name } = started.body.task;
  expect(server_name).toBe('everything');
  expect(['working', 'completed']).toContain(started.body.task.status);

  const polled = await callMeta<{ ok: boolean; task: TaskInfo }>(shared.core.client, 'gateway.tasks_get', { server_name, task_id });
  expect(polled.body.ok).toBe(true);
  expect(polled.body.task.task_id).toBe(task_id);

  const other = await shared.core.connect();
  const foreign = await callMeta<{ ok: boolean }>(other, 'gateway.tasks_get', { server_name, task_id });
  expect(foreign.body.ok).toBe(false);
  const foreignList = await callMeta<{ tasks: TaskInfo[] }>(other, 'gateway.tasks_list');
  expect(foreignList.body.tasks).toEqual([]);

  const refused = await callMeta<{ ok: boolean; errors: ErrorEntry[] }>(shared.core.client, 'gateway.refresh');
  expect(refused.body.ok).toBe(false);
  expect(refused.body.errors[0]?.message).toContain('1 task(s) active');

  const result = await callMeta<{ ok: boolean; task: TaskInfo; result: { content: { text?: string }[] } }>(shared.core.client, 'gateway.tasks_result', { server_name, task_id });
  expect(result.body.ok).toBe(true);
  expect(result.body.task.status).toBe('completed');
  expect(result.body.result.content.map((c) => c.text ?? '').join('\n')).toContain('gateways');

  const listed = await callMeta<{ ok: boolean; tasks: TaskInfo[] }>(shared.core.client, 'gateway.tasks_list');
  expect(listed.body.tasks).toEqual([expect.objectContaining({ task_id, status: 'completed', server_name })]);
  const cancelDone = await callMeta<{ ok: boolean; status: string }>(shared.core.client, 'gateway.tasks_cancel', { server_name, task_id });
  expect(cancelDone.body).toMatchObject({ ok: true, status: 'cancelled' });
});

it('runs the task-only tool as a task when called without one, and returns its report (issue 12)', async () => {
  // Four one-second stages; the wait is bounded by options.timeout_ms.
  const { body, isError } = await callMeta<{ ok: boolean; task: TaskInfo; result: { content: { text?: string }[] } }>(shared.core.client, 'gateway.invoke', {
    tool_id: 'everything::simulate-research-query',
    arguments: { topic: 'plain calls' },
    options: { timeout_ms: 120_000 },
  });
  expect(isError).toBe(false);
  expect(body.ok).toBe(true);
  expect(body.task).toMatchObject({ server_name: 'everything', status: 'completed' });
  expect(body.result.content.map((c) => c.text ?? '').join('\n')).toContain('Research Report: plain calls');
});

it('refuses task mode for a tool that does not support tasks', async () => {
  const { body, isError } = await callMeta<{ ok: boolean; errors: ErrorEntry[] }>(shared.core.client, 'gateway.invoke', {
    tool_id: 'everything::echo',
    arguments: { message: 'x' },
    task: {},
  });
  expect(isError).toBe(true);
  expect(body.errors[0]?.message).toContain('does not advertise MCP task support');
});

it('counts active tasks in refusals and cancels them downstream when forced', async () => {
  const started = await callMeta<{ ok: boolean; task: TaskInfo }>(shared.core.client, 'gateway.invoke', {
    tool_id: 'everything::simulate-research-query',
    arguments: { topic: 'forced' },
    task: { ttl: 60 },
  });
  const { task_id, server_name } = started.body.task;
  const refused = await callMeta<{ ok: boolean; active_task_count: number }>(shared.core.client, 'gateway.disconnect_server', { server_name });
  expect(refused.body).toMatchObject({ ok: false, active_task_count: 1 });
  const forced = await callMeta<{ ok: boolean; cancelled_task_count: number }>(shared.core.client, 'gateway.disconnect_server', { server_name, force: true });
  expect(forced.body).toMatchObject({ ok: true, cancelled_task_count: 1 });
  const listed = await callMeta<{ tasks: TaskInfo[] }>(shared.core.client, 'gateway.tasks_list');
  expect(listed.body.tasks.find((t) => t.task_id === task_id)?.status).toBe('cancelled');
});

it('cancels active tasks on a forced refresh', async () => {
  const started = await callMeta<{ ok: boolean; task: TaskInfo }>(shared.core.client, 'gateway.invoke', {
    tool_id: 'everything::simulate-research-query',
    arguments: { topic: 'refresh' },
    task: { ttl: 60 },
  });
  const forced = await callMeta<{ ok: boolean; mcp_tasks_cancelled: number; mcp_tasks_remaining: number }>(shared.core.client, 'gateway.refresh', { force: true });
  expect(forced.body).toMatchObject({ ok: true, mcp_tasks_cancelled: 1, mcp_tasks_remaining: 0 });
  const got = await callMeta<{ task: TaskInfo }>(shared.core.client, 'gateway.tasks_get', { server_name: 'everything', task_id: started.body.task.task_id });
  expect(got.body.task.status).toBe('cancelled');
});
