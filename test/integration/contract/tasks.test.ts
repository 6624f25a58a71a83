// gateway.invoke task={...} and gateway.tasks_list / tasks_get / tasks_result / tasks_cancel (contract
// §2.2 McpTaskInfo, §2.6, §7.5, §7.7) against server-everything's simulate-research-query (taskSupport
// required): task shapes with ttl and poll_interval in seconds, the result shaped like invoke, cancel of
// an active and of a finished task, and not_found answers (tasks_result's with isError, the others' not).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUNCATION_MARKER } from './helpers/contract';
import { answerOf, decodeErrors, expectFields, jsonOf } from './helpers/envelope';
import { everythingServer, LANES, openGateway, type Gateway } from './helpers/gateway';

interface TaskInfo {
  task_id: string;
  status: string;
  status_message?: string;
  created_at: string;
  updated_at: string;
  ttl: number;
  poll_interval: number;
  raw: { taskId: string; status: string; ttl: number; pollInterval: number };
}
interface ListedTask extends TaskInfo {
  server_name: string;
}

const TASK_FIELDS = ['task_id', 'status', 'created_at', 'updated_at', 'ttl', 'poll_interval', 'raw'];
const RESEARCH = 'everything::simulate-research-query';

function expectTaskInfo(task: TaskInfo): void {
  expectFields(task, TASK_FIELDS);
  expect(['working', 'input_required', 'completed', 'failed', 'cancelled']).toContain(task.status);
  expect(task.raw.taskId).toBe(task.task_id);
  // Seconds in the API, milliseconds on the wire.
  expect(task.ttl * 1000).toBe(task.raw.ttl);
  expect(task.poll_interval * 1000).toBe(task.raw.pollInterval);
}

describe.each(LANES)('$label', (lane) => {
  let gw: Gateway;
  let kept: TaskInfo;
  let dropped: TaskInfo;
  const start = async (topic: string) => {
    const body = answerOf<{ ok: boolean; task: TaskInfo; errors: unknown[] }>(
      await gw.call('gateway.invoke', { tool_id: RESEARCH, arguments: { topic }, task: { ttl: 120 } }),
    );
    expect(body).toMatchObject({ ok: true, errors: [] });
    expect(body).not.toHaveProperty('result');
    expectTaskInfo(body.task);
    return body.task;
  };

  beforeAll(async () => {
    gw = await openGateway(lane, { mcpServers: { everything: everythingServer() } });
    await gw.call('gateway.connect_server', { server_name: 'everything' });
  });
  afterAll(async () => gw?.close());

  it('tasks_list starts empty', async () => {
    expect(answerOf(await gw.call('gateway.tasks_list'))).toEqual({ ok: true, tasks: [], errors: [] });
  });

  it('invoke with task returns a task instead of a result', async () => {
    kept = await start('gateways');
    dropped = await start('tunnels');
    expect(kept.task_id).not.toBe(dropped.task_id);
  });

  it('tasks_list shows both tasks with their server', async () => {
    const body = answerOf<{ ok: boolean; tasks: ListedTask[]; errors: unknown[] }>(await gw.call('gateway.tasks_list', { server_name: 'everything' }));
    expect(body.ok).toBe(true);
    expect(body.errors).toEqual([]);
    expect(body.tasks.map((t) => t.task_id).sort()).toEqual([kept.task_id, dropped.task_id].sort());
    for (const task of body.tasks) {
      expect(task.server_name).toBe('everything');
      expectTaskInfo(task);
    }
  });

  it('tasks_get answers the current status', async () => {
    const body = answerOf<{ ok: boolean; task: TaskInfo; errors: unknown[] }>(await gw.call('gateway.tasks_get', { server_name: 'everything', task_id: kept.task_id }));
    expect(body).toMatchObject({ ok: true, errors: [], task: { task_id: kept.task_id } });
    expectTaskInfo(body.task);
  });

  it('tasks_cancel cancels an active task', async () => {
    const body = answerOf<{ ok: boolean; task: TaskInfo; status: string; message: string; errors: unknown[] }>(
      await gw.call('gateway.tasks_cancel', { server_name: 'everything', task_id: dropped.task_id }),
    );
    expect(body).toMatchObject({ ok: true, status: 'cancelled', errors: [], task: { task_id: dropped.task_id, status: 'cancelled' } });
    expect(typeof body.message).toBe('string');
  });

  it('tasks_result waits for the result and shapes it like invoke', async () => {
    const result = await gw.call('gateway.tasks_result', { server_name: 'everything', task_id: kept.task_id, options: { max_output_chars: 200 } });
    const body = answerOf<{ ok: boolean; task: TaskInfo; result: { content: { type: string; text: string }[] }; truncated: boolean; summary: string; raw_size_estimate: number; errors: unknown[] }>(result);
    expect(body).toMatchObject({ ok: true, truncated: true, errors: [], task: { task_id: kept.task_id, status: 'completed' } });
    const text = body.result.content[0]!.text;
    expect(text.startsWith('# Research Report: gateways')).toBe(true);
    expect(text).toMatch(TRUNCATION_MARKER);
    expect(body.summary.startsWith(`Output was ${body.raw_size_estimate} bytes`)).toBe(true);
  });

  it('tasks_cancel of a finished task is ok', async () => {
    const body = answerOf<{ ok: boolean; task: TaskInfo }>(await gw.call('gateway.tasks_cancel', { server_name: 'everything', task_id: kept.task_id }));
    expect(body).toMatchObject({ ok: true, task: { task_id: kept.task_id, status: 'completed' } });
  });

  it('answers unknown tasks: not_found, ok:false; only tasks_result sets isError', async () => {
    const ref = { server_name: 'everything', task_id: 'no-such-task' };
    const got = answerOf<{ ok: boolean; errors: unknown[] }>(await gw.call('gateway.tasks_get', ref));
    expect(got.ok).toBe(false);
    expect(decodeErrors(got.errors)).toHaveLength(1);

    const cancelled = answerOf<{ ok: boolean; status: string }>(await gw.call('gateway.tasks_cancel', ref));
    expect(cancelled).toMatchObject({ ok: false, status: 'not_found' });

    const result = await gw.call('gateway.tasks_result', ref);
    expect(result.isError).toBe(true);
    const body = jsonOf<{ ok: boolean; truncated: boolean; errors: unknown[] }>(result);
    expect(body).toMatchObject({ ok: false, truncated: false });
    expect(decodeErrors(body.errors)).toHaveLength(1);
  });
});
