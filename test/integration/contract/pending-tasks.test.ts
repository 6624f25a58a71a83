// gateway.list_pending for requests that wait on an MCP task (contract §2.6, §7.5): tasks_result's
// tasks/result is a pending control request (tool_id "") naming its task_id and task_status; gateway.cancel
// stops it downstream and the waiting caller gets E307 with cause gateway.cancel, while the task itself
// runs on; a plain tools/call has neither field.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, decodeErrors, jsonOf } from './helpers/envelope';
import { everythingServer, LANES, openGateway, waitFor, type Gateway } from './helpers/gateway';

interface PendingRow {
  request_id: string;
  server_name: string;
  tool_id: string;
  state: string;
  task_id?: string;
  task_status?: string;
}
interface Pending {
  requests: PendingRow[];
  total_pending: number;
}

describe.each(LANES)('$label', (lane) => {
  let gw: Gateway;
  let taskId = '';
  const pending = async () => answerOf<Pending>(await gw.call('gateway.list_pending'));
  const firstRow = (what: string) =>
    waitFor(async () => {
      const listed = await pending();
      return listed.total_pending === 1 && listed.requests[0];
    }, what);

  beforeAll(async () => {
    gw = await openGateway(lane, { mcpServers: { everything: everythingServer() } });
    await gw.call('gateway.connect_server', { server_name: 'everything' });
    const body = answerOf<{ task: { task_id: string } }>(
      await gw.call('gateway.invoke', { tool_id: 'everything::simulate-research-query', arguments: { topic: 'pending' }, task: { ttl: 120 } }),
    );
    taskId = body.task.task_id;
  });
  afterAll(async () => gw?.close());

  it('lists a waiting tasks_result with its task, and cancel stops only the wait', async () => {
    const waiting = gw.call('gateway.tasks_result', { server_name: 'everything', task_id: taskId });
    waiting.catch(() => undefined);
    const row = await firstRow('tasks_result to be listed');
    expect(row).toMatchObject({ server_name: 'everything', tool_id: '', state: 'pending', task_id: taskId, task_status: 'working' });

    const cancelled = answerOf<{ status: string }>(await gw.call('gateway.cancel', { request_id: row.request_id, force: true }));
    expect(cancelled.status).toBe('cancelled');
    const failed = jsonOf<{ ok: boolean; errors: unknown[] }>(await waiting);
    expect(failed.ok).toBe(false);
    expect(decodeErrors(failed.errors)[0]).toMatchObject({ code: 'E307', details: { cause: 'gateway.cancel' } });
    expect((await pending()).total_pending).toBe(0);

    // The task was not cancelled: waiting again gets its result.
    const done = answerOf<{ ok: boolean; task: { status: string } }>(await gw.call('gateway.tasks_result', { server_name: 'everything', task_id: taskId }));
    expect(done).toMatchObject({ ok: true, task: { status: 'completed' } });
  });

  it('gives a plain tools/call neither task_id nor task_status', async () => {
    const call: Promise<CallToolResult> = gw.call('gateway.invoke', { tool_id: 'everything::trigger-long-running-operation', arguments: { duration: 2, steps: 2 } });
    const row = await firstRow('the tool call to be listed');
    expect(row.tool_id).toBe('everything::trigger-long-running-operation');
    expect(row).not.toHaveProperty('task_id');
    expect(row).not.toHaveProperty('task_status');
    expect(answerOf<{ ok: boolean }>(await call).ok).toBe(true);
  });
});
