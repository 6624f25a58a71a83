// tools/list and unknown tools (contract §1, §3): under the full profile, exactly the 26 gateway.* meta-tools,
// sorted by name (the default core profile is core-profile.test.ts);
// downstream tools never reach tools/list; an unknown name gets the `Unknown tool: <name>`
// envelope. In every lane: stdio and HTTP, 2025-11-25 and 2026-07-28 clients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_META_TOOLS, FULL_PROFILE, META_TOOL_NAME } from './helpers/contract';
import { answerOf, requestErrorOf } from './helpers/envelope';
import { everythingServer, LANES, openGateway, type Gateway } from './helpers/gateway';

describe.each(LANES)('$label', (lane) => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await openGateway(lane, { mcpServers: { everything: everythingServer() }, env: FULL_PROFILE });
  });
  afterAll(async () => gw?.close());

  it('talks to the client in the lane era', () => {
    expect(gw.client.getNegotiatedProtocolVersion()).toBe(lane.era);
    expect(gw.client.getProtocolEra()).toBe(lane.era === '2026-07-28' ? 'modern' : 'legacy');
  });

  it('lists exactly the 26 contract meta-tools, sorted by name', async () => {
    const names = (await gw.client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(CONTRACT_META_TOOLS);
  });

  it('describes each meta-tool with a conforming name, a description and an object input schema', async () => {
    for (const tool of (await gw.client.listTools()).tools) {
      expect(tool.name).toMatch(META_TOOL_NAME);
      expect(tool.description?.length).toBeGreaterThan(20);
      expect(tool.inputSchema.type).toBe('object');
      const required = (tool.inputSchema.required ?? []) as string[];
      // A field with a default is optional for the caller.
      for (const [name, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        if (schema && typeof schema === 'object' && 'default' in schema) expect(required).not.toContain(name);
      }
    }
  });

  it('keeps downstream tools out of tools/list once a server is online', async () => {
    answerOf(await gw.call('gateway.connect_server', { server_name: 'everything' }));
    const names = (await gw.client.listTools()).tools.map((t) => t.name);
    expect(names.every((n) => n.startsWith('gateway.'))).toBe(true);
    expect(names).not.toContain('echo');
  });

  it.each(['gateway.nope', 'everything::echo', 'echo'])('answers %s with the Unknown tool envelope (E301)', async (name) => {
    const error = requestErrorOf(await gw.call(name, {}), 'E301');
    expect(error.message).toBe(`Unknown tool: ${name}`);
  });
});
