// gateway.tasks_list pages (contract §2.6 `cursor?` → `next_cursor`, §8.3): a page of TASKS_PAGE_SIZE
// tasks, oldest first, then a next_cursor that leads to the rest without repeats; no next_cursor on the
// last page; an edited or foreign cursor is refused with an E304 errors[] entry, and a cursor does not
// let another session read this one's tasks.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASKS_PAGE_SIZE } from '../../../src/main/gateway/task-pages';
import { answerOf, decodeErrors } from './helpers/envelope';
import { everythingServer, LANES, newClient, openGateway, type Gateway } from './helpers/gateway';

interface Listed {
  ok: boolean;
  tasks: { task_id: string; server_name: string }[];
  next_cursor?: string;
  errors: unknown[];
}

const RESEARCH = 'everything::simulate-research-query';

describe.each(LANES)('$label', (lane) => {
  let gw: Gateway;
  const started: string[] = [];
  const list = async (args: Record<string, unknown> = {}) => answerOf<Listed>(await gw.call('gateway.tasks_list', args));
  const expectRefused = (body: Listed) => {
    expect(body).toMatchObject({ ok: false, tasks: [] });
    expect(body).not.toHaveProperty('next_cursor');
    const [error] = decodeErrors(body.errors);
    expect(error).toMatchObject({ code: 'E304', details: { field: 'cursor' } });
    expect(error!.message).toContain('cursor');
  };

  beforeAll(async () => {
    gw = await openGateway(lane, { mcpServers: { everything: everythingServer() } });
    await gw.call('gateway.connect_server', { server_name: 'everything' });
    // One task more than a page, started one after another so their order is known.
    for (let i = 0; i <= TASKS_PAGE_SIZE; i++) {
      const body = answerOf<{ ok: boolean; task: { task_id: string } }>(
        await gw.call('gateway.invoke', { tool_id: RESEARCH, arguments: { topic: `topic ${i}` }, task: { ttl: 120 } }),
      );
      expect(body.ok).toBe(true);
      started.push(body.task.task_id);
    }
  }, 60_000);
  afterAll(async () => gw?.close());

  it('gives a full first page, oldest first, and a next_cursor', async () => {
    const first = await list();
    expect(first.ok).toBe(true);
    expect(first.tasks.map((t) => t.task_id)).toEqual(started.slice(0, TASKS_PAGE_SIZE));
    expect(typeof first.next_cursor).toBe('string');
  });

  it('follows next_cursor to the rest, without repeats, and ends without a next_cursor', async () => {
    const first = await list({ server_name: 'everything' });
    const second = await list({ server_name: 'everything', cursor: first.next_cursor });
    expect(second).toMatchObject({ ok: true, errors: [] });
    expect(second.tasks.map((t) => t.task_id)).toEqual(started.slice(TASKS_PAGE_SIZE));
    expect(second).not.toHaveProperty('next_cursor');
  });

  it('refuses a made-up cursor and an edited one with E304', async () => {
    expectRefused(await list({ cursor: 'not-a-cursor' }));
    const { next_cursor } = await list();
    const [payload, mac] = next_cursor!.split('.');
    // Another position with the old signature: what a client forging its way forward would send.
    const forged = Buffer.from(JSON.stringify([0, 'everything', 'x'])).toString('base64url');
    expectRefused(await list({ cursor: `${forged}.${mac}` }));
    expectRefused(await list({ cursor: `${payload}.${mac!.slice(1)}A` }));
  });

  if (lane.transport === 'http' && lane.era === '2025-11-25') {
    it("does not take another session's cursor", async () => {
      const { next_cursor } = await list();
      const other = newClient(lane.era);
      await other.connect(new StreamableHTTPClientTransport(gw.url!));
      try {
        const call = async (args: Record<string, unknown>) => answerOf<Listed>((await other.callTool({ name: 'gateway.tasks_list', arguments: args })) as CallToolResult);
        expect(await call({})).toEqual({ ok: true, tasks: [], errors: [] });
        expectRefused(await call({ cursor: next_cursor }));
      } finally {
        await other.close();
      }
    });
  }
});
