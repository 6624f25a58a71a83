// gateway.list_pending and gateway.cancel (contract §2.6, §7.5, §8.3): the request rows, the server
// filter, cancel refusing a healthy request unless force, E307 with cause gateway.cancel for the caller,
// already_complete and not_found; another handshake session sees none of it.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, decodeErrors, expectFields, jsonOf } from './helpers/envelope';
import { faultServer, LANES, newClient, openGateway, waitFor, type Gateway } from './helpers/gateway';

interface PendingRow {
  request_id: string;
  server_name: string;
  tool_id: string;
  started_at_iso: string;
  elapsed_seconds: number;
  timeout_ms: number;
  state: string;
  last_heartbeat_seconds_ago: number;
}
interface Pending {
  requests: PendingRow[];
  total_pending: number;
}
interface Cancel {
  request_id: string;
  status: string;
  message: string;
  was_stalled?: boolean;
  elapsed_seconds?: number;
}

const ROW_FIELDS = ['request_id', 'server_name', 'tool_id', 'started_at_iso', 'elapsed_seconds', 'timeout_ms', 'state', 'last_heartbeat_seconds_ago'];

describe.each(LANES)('$label', (lane) => {
  let gw: Gateway;
  let silent: Promise<CallToolResult>;
  let requestId = '';
  const pending = async (args: Record<string, unknown> = {}) => answerOf<Pending>(await gw.call('gateway.list_pending', args));
  const cancel = async (args: Record<string, unknown>) => answerOf<Cancel>(await gw.call('gateway.cancel', args));

  beforeAll(async () => {
    gw = await openGateway(lane, { mcpServers: { fault: faultServer() } });
    await gw.call('gateway.connect_server', { server_name: 'fault' });
  });
  afterAll(async () => gw?.close());

  it('lists nothing when nothing is running', async () => {
    expect(await pending()).toEqual({ requests: [], total_pending: 0 });
  });

  it('lists a running call with the contract row fields', async () => {
    silent = gw.call('gateway.invoke', { tool_id: 'fault::silent', options: { timeout_ms: 20_000 } });
    silent.catch(() => undefined);
    const body = await waitFor(async () => {
      const listed = await pending();
      return listed.total_pending === 1 && listed;
    }, 'the call to be listed');
    const [row] = body.requests;
    expectFields(row!, ROW_FIELDS);
    expect(row).toMatchObject({ server_name: 'fault', tool_id: 'fault::silent', timeout_ms: 20_000, state: 'pending' });
    expect(row!.request_id).toMatch(/^fault::\d+$/);
    expect(new Date(row!.started_at_iso).toISOString()).toBe(row!.started_at_iso);
    expect(row!.elapsed_seconds).toBeGreaterThanOrEqual(0);
    expect(row!.last_heartbeat_seconds_ago).toBeGreaterThanOrEqual(0);
    requestId = row!.request_id;
  });

  it('filters by server', async () => {
    expect((await pending({ server: 'fault' })).total_pending).toBe(1);
    expect(await pending({ server: 'elsewhere' })).toEqual({ requests: [], total_pending: 0 });
  });

  it('refuses to cancel a healthy request without force', async () => {
    const body = await cancel({ request_id: requestId });
    expect(body).toMatchObject({ request_id: requestId, status: 'refused', was_stalled: false });
    expect(body.elapsed_seconds).toBeGreaterThanOrEqual(0);
    expect((await pending()).total_pending).toBe(1);
  });

  if (lane.transport === 'http' && lane.era === '2025-11-25') {
    it('keeps the request private to its session', async () => {
      const other = newClient(lane.era);
      await other.connect(new StreamableHTTPClientTransport(gw.url!));
      try {
        const listed = answerOf<Pending>(await other.callTool({ name: 'gateway.list_pending', arguments: {} }) as CallToolResult);
        expect(listed).toEqual({ requests: [], total_pending: 0 });
        const foreign = answerOf<Cancel>(await other.callTool({ name: 'gateway.cancel', arguments: { request_id: requestId, force: true } }) as CallToolResult);
        expect(foreign.status).toBe('not_found');
      } finally {
        await other.close();
      }
      expect((await pending()).total_pending).toBe(1);
    });
  }

  it('cancels with force; the caller gets E307 with cause gateway.cancel', async () => {
    const body = await cancel({ request_id: requestId, force: true });
    expect(body).toMatchObject({ request_id: requestId, status: 'cancelled', was_stalled: false });
    const failed = jsonOf<{ ok: boolean; errors: unknown[] }>(await silent);
    expect(failed.ok).toBe(false);
    expect(decodeErrors(failed.errors)[0]).toMatchObject({ code: 'E307', details: { cause: 'gateway.cancel' } });
    expect((await pending()).total_pending).toBe(0);
  });

  it('answers already_complete for a finished request and not_found for an unknown one', async () => {
    expect((await cancel({ request_id: requestId })).status).toBe('already_complete');
    expect(await cancel({ request_id: 'fault::999999' })).toMatchObject({ request_id: 'fault::999999', status: 'not_found' });
  });
});
