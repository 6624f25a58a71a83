// Guidance (contract §6): the L3 Markdown resource listed only as gatehouse://guidance/code-execution and
// readable under it and PMCP's pmcp:// alias with the same text; the L0 line in the instructions; with
// level off both URIs are resource-not-found (-32002 for a 2025-era client, -32602 in 2026-07-28) and
// the resource leaves resources/list; at level standard describe adds a code_snippet (≤ 4 lines).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from './helpers/envelope';
import { corpusServer, LANES, openGateway, type Gateway } from './helpers/gateway';
import { rawRequest } from './helpers/raw-rpc';

const GUIDANCE = 'gatehouse://guidance/code-execution';
const PMCP = 'pmcp://guidance/code-execution';
const guidanceFile = (level: string) => ({ '.config/gatehouse/guidance.yaml': `guidance:\n  level: "${level}"\n` });

describe.each(LANES)('$label', (lane) => {
  describe('default level (minimal)', () => {
    let gw: Gateway;
    beforeAll(async () => {
      gw = await openGateway(lane, { mcpServers: { kit: corpusServer('kit') } });
    });
    afterAll(async () => gw?.close());

    it('lists only the gatehouse:// URI', async () => {
      const uris = (await gw.client.listResources()).resources.map((r) => r.uri);
      expect(uris).toContain(GUIDANCE);
      expect(uris).not.toContain(PMCP);
      const resource = (await gw.client.listResources()).resources.find((r) => r.uri === GUIDANCE);
      expect(resource?.mimeType).toBe('text/markdown');
    });

    it('serves the same Markdown under both URIs', async () => {
      const ours = await gw.client.readResource({ uri: GUIDANCE });
      const pmcp = await gw.client.readResource({ uri: PMCP });
      const [a] = ours.contents;
      const [b] = pmcp.contents;
      expect(a && 'text' in a && a.text.length).toBeGreaterThan(200);
      expect(a).toMatchObject({ uri: GUIDANCE, mimeType: 'text/markdown' });
      expect(b).toMatchObject({ uri: PMCP, mimeType: 'text/markdown' });
      expect(b && 'text' in b && b.text).toBe(a && 'text' in a && a.text);
      expect(a && 'text' in a && a.text).toContain('gateway.invoke');
    });

    it('points to the resource from the instructions (L0)', () => {
      expect(gw.client.getInstructions()).toContain(GUIDANCE);
    });

    it('gives describe no code_snippet at minimal', async () => {
      expect(answerOf(await gw.call('gateway.describe', { tool_id: 'kit::create_ticket' }))).not.toHaveProperty('code_snippet');
    });
  });

  describe('level off', () => {
    let gw: Gateway;
    beforeAll(async () => {
      gw = await openGateway(lane, { mcpServers: { kit: corpusServer('kit') }, homeFiles: guidanceFile('off') });
    });
    afterAll(async () => gw?.close());

    it('drops the resource from resources/list and the line from the instructions', async () => {
      expect((await gw.client.listResources()).resources.map((r) => r.uri)).not.toContain(GUIDANCE);
      expect(gw.client.getInstructions() ?? '').not.toContain(GUIDANCE);
    });

    it.each([GUIDANCE, PMCP])('answers %s with resource-not-found through the SDK client', async (uri) => {
      await expect(gw.client.readResource({ uri })).rejects.toThrow(`Resource not found: ${uri}`);
    });

    // The SDK client decodes both codes to -32602, so the era's code is checked on the wire.
    it.each([GUIDANCE, PMCP])('sends %s\'s not-found with the era\'s code on the wire', async (uri) => {
      const reply = await rawRequest(gw, 'resources/read', { uri });
      expect(reply.error?.code).toBe(lane.era === '2026-07-28' ? -32602 : -32002);
      expect(reply.error?.message).toContain(uri);
    });
  });

  describe('level standard', () => {
    let gw: Gateway;
    beforeAll(async () => {
      gw = await openGateway(lane, { mcpServers: { kit: corpusServer('kit') }, homeFiles: guidanceFile('standard') });
    });
    afterAll(async () => gw?.close());

    it('adds a code_snippet of at most 4 lines to describe', async () => {
      const body = answerOf<{ code_snippet?: string }>(await gw.call('gateway.describe', { tool_id: 'kit::create_ticket' }));
      expect(typeof body.code_snippet).toBe('string');
      expect(body.code_snippet!.split('\n').length).toBeLessThanOrEqual(4);
      expect(body.code_snippet).toContain('kit::create_ticket');
    });
  });
});
