// gateway.connect_server / disconnect_server / restart_server (contract §2.4, §7.6): one output shape
// for all three; unknown servers; failures and refusals are expected answers (ok:false, isError false);
// refused while the server has pending work unless force, which cancels only that work (E307).
import type { CallToolResult } from '@modelcontextprotocol/client';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, decodeErrors, expectFields, jsonOf } from './helpers/envelope';
import { corpusServer, faultServer, LANES, openGateway, processAlive, waitFor, type Gateway } from './helpers/gateway';

interface Lifecycle {
  ok: boolean;
  server: string;
  action: string;
  prior_status: string;
  new_status: string;
  cancelled_request_count: number;
  active_task_count: number;
  cancelled_task_count: number;
  message: string;
  errors: unknown[];
  missing_env_vars?: string[];
  auth_state?: string;
  next_step?: string;
}

const FIELDS = ['ok', 'server', 'action', 'prior_status', 'new_status', 'cancelled_request_count', 'active_task_count', 'cancelled_task_count', 'message', 'errors'];
const MISSING = 'GATEHOUSE_CONTRACT_TEST_UNSET_TOKEN';

describe.each(LANES)('$label', (lane) => {
  let gw: Gateway;
  const act = async (tool: string, args: Record<string, unknown>) => {
    const body = answerOf<Lifecycle>(await gw.call(`gateway.${tool}`, args));
    expectFields(body, FIELDS);
    return body;
  };
  const pidOf = async (name: string) =>
    answerOf<{ servers: { name: string; pid?: number }[] }>(await gw.call('gateway.health')).servers.find((s) => s.name === name)?.pid;
  /** Starts fault::silent (never answers) and waits until it is pending. Wrapped: an async function
   *  returning the call itself would wait for the call to finish. */
  const startSilent = async (): Promise<{ call: Promise<CallToolResult> }> => {
    const call = gw.call('gateway.invoke', { tool_id: 'fault::silent', options: { timeout_ms: 30_000 } });
    call.catch(() => undefined);
    await waitFor(async () => answerOf<{ total_pending: number }>(await gw.call('gateway.list_pending')).total_pending === 1, 'the call to be pending');
    return { call };
  };

  beforeAll(async () => {
    gw = await openGateway(lane, {
      mcpServers: {
        fault: faultServer(),
        crashy: faultServer({ FAULT_CRASH_AT_START: '1' }),
        locked: { ...corpusServer('kit'), env: { CORPUS_SET: 'kit', API_TOKEN: `\${${MISSING}}` } },
      },
    });
  });
  afterAll(async () => gw?.close());

  it('connect_server starts a lazy server, then says it is already online', async () => {
    expect(await act('connect_server', { server_name: 'fault' })).toMatchObject({
      ok: true, server: 'fault', action: 'connect', prior_status: 'lazy', new_status: 'online',
      cancelled_request_count: 0, active_task_count: 0, cancelled_task_count: 0, errors: [],
    });
    const again = await act('connect_server', { server_name: 'fault' });
    expect(again).toMatchObject({ ok: true, prior_status: 'online', new_status: 'online' });
    expect(again.message).toContain('already online');
  });

  it.each(['connect_server', 'disconnect_server', 'restart_server'])('%s answers an unknown server with the contract literals', async (tool) => {
    expect(await act(tool, { server_name: 'ghost' })).toMatchObject({
      ok: false, server: 'ghost', prior_status: 'unknown', new_status: 'unknown',
      message: "Server 'ghost' is not known to Gatehouse.", errors: [expect.objectContaining({ code: 'E203', message: 'Unknown server: ghost', retryable: false })],
    });
  });

  it('connect_server reports a server that fails to start as ok:false, status error, errors as GatewayError objects', async () => {
    const body = await act('connect_server', { server_name: 'crashy' });
    expect(body).toMatchObject({ ok: false, prior_status: 'lazy', new_status: 'error' });
    expect(body.errors).toHaveLength(1);
    expect(decodeErrors(body.errors)[0]?.code).toMatch(/^E2\d\d$/);
  });

  it('connect_server carries the auth fields for an unresolved ${VAR}', async () => {
    expect(await act('connect_server', { server_name: 'locked' })).toMatchObject({
      ok: false, missing_env_vars: [MISSING], auth_state: 'missing_auth', next_step: "gateway.auth_connect(server_name='locked')",
    });
  });

  it('disconnect_server stops the process, returns the server to lazy and leaves the config alone', async () => {
    const configBefore = readFileSync(join(gw.workspace.project, '.mcp.json'), 'utf8');
    const pid = await pidOf('fault');
    expect(pid).toBeGreaterThan(0);
    expect(await act('disconnect_server', { server_name: 'fault' })).toMatchObject({
      ok: true, action: 'disconnect', prior_status: 'online', new_status: 'lazy', cancelled_request_count: 0,
    });
    await waitFor(() => !processAlive(pid!), 'the fault server to exit');
    expect(readFileSync(join(gw.workspace.project, '.mcp.json'), 'utf8')).toBe(configBefore);
  });

  it('restart_server brings the server up again in a new process', async () => {
    await act('connect_server', { server_name: 'fault' });
    const before = await pidOf('fault');
    expect(await act('restart_server', { server_name: 'fault' })).toMatchObject({ ok: true, action: 'restart', prior_status: 'online', new_status: 'online' });
    const after = await pidOf('fault');
    expect(after).toBeGreaterThan(0);
    expect(after).not.toBe(before);
  });

  it.each([
    ['disconnect_server', 'Disconnect refused', 'forced_disconnect'],
    ['restart_server', 'Restart refused', 'forced_restart'],
  ])('%s refuses while a request is pending, and force cancels it', async (tool, refusal, cause) => {
    await act('connect_server', { server_name: 'fault' });
    const { call: pending } = await startSilent();
    const refused = await act(tool, { server_name: 'fault' });
    expect(refused).toMatchObject({ ok: false, new_status: 'online', cancelled_request_count: 0 });
    expect(refused.message.startsWith(refusal)).toBe(true);

    expect(await act(tool, { server_name: 'fault', force: true })).toMatchObject({ ok: true, cancelled_request_count: 1 });
    const cancelled = jsonOf<{ ok: boolean; errors: unknown[] }>(await pending);
    expect(cancelled.ok).toBe(false);
    expect(decodeErrors(cancelled.errors)[0]).toMatchObject({ code: 'E307', details: { cause } });
  });
});
