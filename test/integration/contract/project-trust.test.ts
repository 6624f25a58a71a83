// Project trust on the MCP face (contract §4.5, §2.1 E404), over both transports and both eras: a
// project .mcp.json the operator has not approved still yields a working gateway, but its servers are
// listed as skipped (untrusted_project) and every path that would start one answers E404 with the file
// and the way to approve it — and nothing is spawned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, decodeErrors, jsonOf, requestErrorOf } from './helpers/envelope';
import { CONTRACT_META_TOOLS, FULL_PROFILE } from './helpers/contract';
import { everythingServer, LANES, openGateway, type Gateway } from './helpers/gateway';

interface HealthServer {
  name: string;
  status: string;
  startup_policy: string;
  startup_skip_reason?: string;
  next_step?: string;
  pid?: number;
}

describe.each(LANES)('$label', (lane) => {
  let gw: Gateway;
  const row = async () => answerOf<{ servers: HealthServer[] }>(await gw.call('gateway.health')).servers.find((s) => s.name === 'everything');

  beforeAll(async () => {
    gw = await openGateway(lane, { mcpServers: { everything: everythingServer() }, autoStart: ['everything'], approved: false, env: FULL_PROFILE });
  });
  afterAll(async () => gw?.close());

  it('serves the full meta-tool list and shows the server as skipped: untrusted_project, with the next step', async () => {
    expect((await gw.client.listTools()).tools.map((t) => t.name)).toEqual(CONTRACT_META_TOOLS);
    expect(await row()).toMatchObject({ status: 'lazy', startup_policy: 'skipped', startup_skip_reason: 'untrusted_project', next_step: expect.stringContaining('gatehouse trust approve') });
    const status = answerOf<{ sources: { source: string; trust?: string }[] }>(await gw.call('gateway.config_status'));
    expect(status.sources.find((s) => s.source === 'project')).toMatchObject({ trust: 'not_approved' });
  });

  it('refuses invoke with ok:false and E404 naming the file, spawning nothing', async () => {
    const result = await gw.call('gateway.invoke', { tool_id: 'everything::echo', arguments: { message: 'hi' } });
    expect(result.isError).toBe(true);
    const body = jsonOf<{ ok: boolean; errors: unknown[] }>(result);
    expect(body.ok).toBe(false);
    const [error] = decodeErrors(body.errors);
    expect(error).toMatchObject({ code: 'E404', details: { server: 'everything', startup_skip_reason: 'untrusted_project', path: expect.stringMatching(/\.mcp\.json$/) } });
    expect((await row())?.pid).toBeUndefined();
  });

  it('refuses describe and connect_server with E404 too', async () => {
    requestErrorOf(await gw.call('gateway.describe', { tool_id: 'everything::echo' }), 'E404');
    // Lifecycle refusals are answers (ok:false), as for any server that cannot start.
    const connect = answerOf<{ ok: boolean; message: string; next_step: string }>(await gw.call('gateway.connect_server', { server_name: 'everything' }));
    expect(connect).toMatchObject({ ok: false, message: expect.stringContaining('is not approved by the operator'), next_step: expect.stringContaining('gatehouse trust approve') });
    expect(await row()).toMatchObject({ startup_skip_reason: 'untrusted_project' });
  });
});
