// Exposure modes through the real gateway (server-everything): progressive lists only the gateway.*
// meta-tools, pinned adds the pinned tools under `server.tool`, aggregate adds every permitted tool under
// its own name (namespaced only when two servers offer it); every listed name keeps to the spec's tool-name
// characters; policy applies in every mode; a listed tool called by name answers with its own result
// through gateway.invoke's path (audited); and a session is told tools/list_changed when its set changes.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../helpers/wait';
import { everythingServer } from '../../helpers/workspace';
import { openProtocolGateway, type Lane, type ProtocolGateway } from './gateway';

const POLICY = [
  'tools:',
  '  denylist: ["everything::get-env"]',
  'exposure:',
  '  pinned: ["everything::echo", "everything::get-sum", "everything::get-env"]',
  '  servers:',
  '    "everything": pinned',
  '  clients:',
  '    "aggregator-*": aggregate',
  '    "progressive-*": progressive',
  '',
].join('\n');

const downstream = async (client: Client) => (await client.listTools()).tools.map((t) => t.name).filter((name) => !name.startsWith('gateway.'));

let gateway: ProtocolGateway;
beforeAll(async () => {
  // No background listing: the lazy server "later" has no known tools until it starts.
  gateway = await openProtocolGateway({ mcpServers: { everything: everythingServer(), later: everythingServer() } }, { policy: POLICY, env: { GATEHOUSE_CATALOG_INDEX: 'off' } });
  await gateway.gatehouse.api.startServer({ name: 'everything' });
}, 60_000);
afterAll(async () => gateway?.close());

describe.each(['memory', 'http-handshake', 'http-stateless'] as Lane[])('%s', (lane) => {
  it('progressive: only the meta-tools', async () => {
    const client = await gateway.connect(lane, { name: `progressive-${lane}` });
    expect(await downstream(client)).toEqual([]);
    await expect(client.callTool({ name: 'everything::echo', arguments: { message: 'hi' } })).rejects.toThrow(/Unknown tool/);
    await expect(client.callTool({ name: 'echo', arguments: { message: 'hi' } })).rejects.toThrow(/Unknown tool/);
  });

  it('pinned: the pinned tools policy permits, under server.tool', async () => {
    const client = await gateway.connect(lane, { name: `pinner-${lane}` });
    expect(await downstream(client)).toEqual(['everything.echo', 'everything.get-sum']);
    const result = await client.callTool({ name: 'everything.get-sum', arguments: { a: 2, b: 3 } });
    expect(JSON.stringify(result.content)).toContain('5');
  });

  it('aggregate: every permitted tool, callable by name with its own result, audited like invoke', async () => {
    const client = await gateway.connect(lane, { name: `aggregator-${lane}` });
    const names = await downstream(client);
    // Only "everything" has tools yet ("later" is lazy and unlisted): its tools keep their own names.
    expect(names).toContain('echo');
    expect(names).toContain('get-tiny-image');
    expect(names).not.toContain('get-env');
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_.-]{1,128}$/);
    const result = await client.callTool({ name: 'echo', arguments: { message: 'straight through' } });
    expect(result.isError).toBeFalsy();
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: straight through' }]);
    // Audited like an invoke of everything::echo, whichever layer records it (core or HTTP).
    const echoes = gateway.gatehouse.audit.getAuditEvents().filter((e) => e.tool === 'everything::echo');
    expect(echoes.length).toBeGreaterThan(0);
    expect(echoes.every((e) => e.server === 'everything')).toBe(true);
    // Denied stays denied, listed or not.
    await expect(client.callTool({ name: 'get-env', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });
});

describe('tools/list_changed', () => {
  it('tells a session whose listed set changes, and not one whose set did not', async () => {
    let aggregateTold = 0;
    let pinnedTold = 0;
    const aggregator = await gateway.connect('memory', {
      name: 'aggregator-watch',
      handlers: (c) => c.setNotificationHandler('notifications/tools/list_changed', () => void aggregateTold++),
    });
    const pinner = await gateway.connect('http-handshake', {
      name: 'pinner-watch',
      handlers: (c) => c.setNotificationHandler('notifications/tools/list_changed', () => void pinnedTold++),
    });
    expect((await downstream(aggregator)).some((name) => name.startsWith('later.'))).toBe(false);
    await downstream(pinner);
    await gateway.gatehouse.api.startServer({ name: 'later' });
    await waitFor(() => aggregateTold > 0, 'tools/list_changed at the aggregate session', 30_000);
    // Two servers now offer echo: each is listed under its namespaced name, and the bare one is gone.
    const names = await downstream(aggregator);
    expect(names).toContain('later.echo');
    expect(names).toContain('everything.echo');
    expect(names).not.toContain('echo');
    const result = await aggregator.callTool({ name: 'later.echo', arguments: { message: 'from later' } });
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: from later' }]);
    // The pinned session's set (everything's pinned tools) did not change: it was not told.
    expect(pinnedTold).toBe(0);
    expect(await downstream(pinner)).toEqual(['everything.echo', 'everything.get-sum']);
  }, 60_000);
});
