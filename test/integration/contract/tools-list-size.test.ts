// Progressive disclosure (contract §1): the gateway's tools/list is its meta-tools only, so its size does
// not grow with the number of downstream servers or when they come online. Measured as the bytes of
// JSON.stringify(tools) from the SDK client's listTools() (as bench/run.mjs does), beside the sum of the
// downstream servers' own tools/list sizes; both go to test-results/tools-list-size.json.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/workspace';
import { answerOf } from './helpers/envelope';
import { corpusServer, everythingServer, faultServer, LANES, openGateway, type Gateway } from './helpers/gateway';
import { DOWNSTREAM_CAPABILITIES } from '../../../src/main/supervisor/connect';

type Spawn = { command: string; args: string[]; env?: Record<string, string> };

const DOWNSTREAM: Record<string, Spawn> = {
  everything: everythingServer(),
  fault: faultServer(),
  corpus: corpusServer('corpus'),
  aardvark: corpusServer('mirror'),
  kit: corpusServer('kit'),
};

const listBytes = (tools: unknown[]) => Buffer.byteLength(JSON.stringify(tools));

async function directList(server: Spawn): Promise<{ tools: number; bytes: number }> {
  // Declaring what Gatehouse declares downstream (sampling, elicitation): server-everything offers more
  // tools to a client that can answer them, and the gateway indexes what it is offered.
  const client = new Client({ name: 'direct', version: '1.0.0' }, { capabilities: DOWNSTREAM_CAPABILITIES });
  await client.connect(new StdioClientTransport({ command: server.command, args: server.args, env: server.env ?? {}, stderr: 'ignore' }));
  try {
    const { tools } = await client.listTools();
    return { tools: tools.length, bytes: listBytes(tools) };
  } finally {
    await client.close();
  }
}

const downstream: Record<string, { tools: number; bytes: number }> = {};
const gatewayBytes: Record<string, { one_server: number; five_servers_lazy: number; five_servers_online: number }> = {};

beforeAll(async () => {
  for (const [name, server] of Object.entries(DOWNSTREAM)) downstream[name] = await directList(server);
});

afterAll(() => {
  const lanes = Object.values(gatewayBytes);
  if (!lanes.length) return;
  const sum = Object.values(downstream).reduce((total, d) => total + d.bytes, 0);
  const gateway = lanes[0]!.five_servers_online;
  mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
  writeFileSync(
    join(REPO_ROOT, 'test-results', 'tools-list-size.json'),
    `${JSON.stringify(
      {
        method: 'Buffer.byteLength(JSON.stringify(tools)) of listTools() through the SDK client',
        gateway_tools_list_bytes: gateway,
        downstream_tools_list_bytes_sum: sum,
        gateway_to_downstream_ratio: Number((gateway / sum).toFixed(3)),
        downstream,
        gateway_by_lane: gatewayBytes,
      },
      null,
      2,
    )}\n`,
  );
});

describe.each(LANES)('$label', (lane) => {
  let one: Gateway;
  let five: Gateway;
  const gatewayList = async (gw: Gateway) => (await gw.client.listTools()).tools;

  beforeAll(async () => {
    one = await openGateway(lane, { mcpServers: { everything: DOWNSTREAM.everything } });
    five = await openGateway(lane, { mcpServers: DOWNSTREAM });
  });
  afterAll(async () => {
    await one?.close();
    await five?.close();
  });

  it('does not grow with more servers configured, nor when they come online', async () => {
    const oneServer = await gatewayList(one);
    const lazy = await gatewayList(five);
    for (const server_name of Object.keys(DOWNSTREAM)) {
      expect(answerOf<{ ok: boolean }>(await five.call('gateway.connect_server', { server_name })).ok).toBe(true);
    }
    const online = await gatewayList(five);
    expect(lazy).toEqual(oneServer);
    expect(online).toEqual(oneServer);
    gatewayBytes[lane.label] = { one_server: listBytes(oneServer), five_servers_lazy: listBytes(lazy), five_servers_online: listBytes(online) };
  });

  it('replaces downstream lists the gateway really indexed', async () => {
    const health = answerOf<{ servers: { name: string; tool_count: number }[] }>(await five.call('gateway.health'));
    for (const [name, direct] of Object.entries(downstream)) {
      expect(health.servers.find((s) => s.name === name)?.tool_count).toBe(direct.tools);
    }
    const search = answerOf<{ total_available: number }>(await five.call('gateway.catalog_search', { limit: 1 }));
    expect(search.total_available).toBe(Object.values(downstream).reduce((total, d) => total + d.tools, 0));
  });
});
