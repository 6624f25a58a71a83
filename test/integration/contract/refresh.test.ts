// gateway.refresh (contract §2.3, §7.6): the success shape with a new revision_id; refused (ok:false, an
// expected answer: isError false) while a request is pending, touching nothing; force cancels the pending
// call (E307 cause forced_refresh) and reports the counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, decodeErrors, expectFields, jsonOf } from './helpers/envelope';
import { faultServer, LANES, openGateway, waitFor, type Gateway } from './helpers/gateway';

interface Refresh {
  ok: boolean;
  servers_seen?: number;
  servers_online?: number;
  tools_indexed?: number;
  revision_id: string;
  errors: unknown[];
  pending_requests_seen: number;
  pending_requests_cancelled: number;
  pending_requests_refused: number;
  pending_requests_remaining: number;
  mcp_tasks_seen: number;
  mcp_tasks_cancelled: number;
  mcp_tasks_refused: number;
  mcp_tasks_remaining: number;
  servers_started?: string[];
  servers_stopped?: string[];
  servers_restarted?: string[];
}

const COUNTS = [
  'pending_requests_seen', 'pending_requests_cancelled', 'pending_requests_refused', 'pending_requests_remaining',
  'mcp_tasks_seen', 'mcp_tasks_cancelled', 'mcp_tasks_refused', 'mcp_tasks_remaining',
];
const REVISION = /^rev-\d{13}-[A-Za-z0-9]{6}$/;

describe.each(LANES)('$label', (lane) => {
  let gw: Gateway;
  const refresh = async (args: Record<string, unknown> = {}) => answerOf<Refresh>(await gw.call('gateway.refresh', args));
  const revision = async () => answerOf<{ revision_id: string }>(await gw.call('gateway.health')).revision_id;

  beforeAll(async () => {
    gw = await openGateway(lane, { mcpServers: { fault: faultServer(), spare: faultServer() } });
    await gw.call('gateway.connect_server', { server_name: 'fault' });
  });
  afterAll(async () => gw?.close());

  it('reconciles and answers with the counts and a new revision_id', async () => {
    const before = await revision();
    const body = await refresh({ source: 'claude_config', reason: 'contract test' });
    expectFields(body, ['ok', 'servers_seen', 'servers_online', 'tools_indexed', 'revision_id', 'errors', ...COUNTS]);
    expect(body).toMatchObject({ ok: true, servers_seen: 2, servers_online: 1, tools_indexed: 8, errors: [] });
    for (const count of COUNTS) expect(body[count as keyof Refresh]).toBe(0);
    expect(body.revision_id).toMatch(REVISION);
    expect(body.revision_id).not.toBe(before);
    expect(await revision()).toBe(body.revision_id);
    // Gatehouse adds the diff; an unchanged config starts, stops and restarts nothing.
    expect(body).toMatchObject({ servers_started: [], servers_stopped: [], servers_restarted: [] });
  });

  it('refuses while a request is pending, touching nothing, then force cancels it', async () => {
    const pending = gw.call('gateway.invoke', { tool_id: 'fault::silent', options: { timeout_ms: 30_000 } });
    pending.catch(() => undefined); // awaited below; a failed assertion must not leave it unhandled
    await waitFor(async () => answerOf<{ total_pending: number }>(await gw.call('gateway.list_pending')).total_pending === 1, 'the call to be pending');
    const before = await revision();

    const refused = await refresh();
    expect(refused.ok).toBe(false);
    expect(refused.errors).toHaveLength(1);
    expect(decodeErrors(refused.errors)[0]).toMatchObject({ code: 'E302', message: expect.stringMatching(/^Refresh refused/), retryable: true });
    expect(refused).toMatchObject({ pending_requests_seen: 1, pending_requests_refused: 1, pending_requests_cancelled: 0, pending_requests_remaining: 1 });
    expect(await revision()).toBe(before);

    const forced = await refresh({ force: true });
    expect(forced).toMatchObject({ ok: true, pending_requests_seen: 1, pending_requests_cancelled: 1, pending_requests_refused: 0 });
    const cancelled = jsonOf<{ ok: boolean; errors: unknown[] }>(await pending);
    expect(cancelled.ok).toBe(false);
    const [error] = decodeErrors(cancelled.errors);
    expect(error).toMatchObject({ code: 'E307', details: { cause: 'forced_refresh' } });
    expect(answerOf<{ total_pending: number }>(await gw.call('gateway.list_pending')).total_pending).toBe(0);
  });
});
