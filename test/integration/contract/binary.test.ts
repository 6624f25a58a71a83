// Content passthrough (contract §1, §2.3): downstream image, audio and embedded-resource blobs come back
// as native MCP blocks after the JSON block, never base64 inside the JSON, where each is stubbed as
// {type, mimeType, block_index, bytes}; a block over limits.max_binary_bytes is withheld (omitted, E403).
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, decodeErrors } from './helpers/envelope';
import { corpusServer, everythingServer, LANES, openGateway, type Gateway } from './helpers/gateway';

interface Body {
  ok: boolean;
  result: { content: Record<string, unknown>[] };
  errors: unknown[];
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const WAV_BASE64 = Buffer.from('RIFF\u0024\u0000\u0000\u0000WAVE', 'latin1').toString('base64');

function jsonText(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

describe.each(LANES)('$label', (lane) => {
  const servers = { everything: everythingServer(), kit: corpusServer('kit') };

  describe('default limits', () => {
    let gw: Gateway;
    beforeAll(async () => {
      gw = await openGateway(lane, { mcpServers: servers });
    });
    afterAll(async () => gw?.close());

    it('passes get-tiny-image through as a native image block after the JSON block', async () => {
      const result = await gw.call('gateway.invoke', { tool_id: 'everything::get-tiny-image' });
      const body = answerOf<Body>(result);
      expect(body.ok).toBe(true);
      expect(result.content).toHaveLength(2);
      const image = result.content[1];
      expect(image?.type).toBe('image');
      if (image?.type !== 'image') return;
      expect(image.mimeType).toBe('image/png');
      const bytes = Buffer.from(image.data, 'base64');
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(body.result.content).toEqual([
        { type: 'text', text: "Here's the image you requested:" },
        { type: 'image', mimeType: 'image/png', block_index: 1, bytes: bytes.length },
        { type: 'text', text: 'The image above is the MCP logo.' },
      ]);
      // No base64 in the JSON: it is a few hundred bytes, not kilobytes.
      expect(jsonText(result)).not.toContain(image.data.slice(0, 40));
      expect(jsonText(result).length).toBeLessThan(600);
    });

    it('passes an audio block through with its stub', async () => {
      const result = await gw.call('gateway.invoke', { tool_id: 'kit::sample_audio' });
      const body = answerOf<Body>(result);
      expect(result.content.slice(1)).toEqual([{ type: 'audio', mimeType: 'audio/wav', data: WAV_BASE64 }]);
      expect(body.result.content[1]).toEqual({ type: 'audio', mimeType: 'audio/wav', block_index: 1, bytes: 12 });
    });

    it('passes an embedded resource blob through as a resource block', async () => {
      const result = await gw.call('gateway.invoke', {
        tool_id: 'everything::get-resource-reference',
        arguments: { resourceType: 'Blob', resourceId: 1 },
      });
      const body = answerOf<Body>(result);
      expect(result.content).toHaveLength(2);
      const block = result.content[1];
      expect(block?.type).toBe('resource');
      if (block?.type !== 'resource' || !('blob' in block.resource)) throw new Error('expected a blob resource block');
      const stub = body.result.content[1];
      expect(stub).toEqual({
        type: 'resource',
        uri: block.resource.uri,
        mimeType: block.resource.mimeType,
        block_index: 1,
        bytes: Buffer.from(block.resource.blob, 'base64').length,
      });
      expect(jsonText(result)).not.toContain(block.resource.blob);
    });
  });

  describe('limits.max_binary_bytes', () => {
    let gw: Gateway;
    beforeAll(async () => {
      gw = await openGateway(lane, { mcpServers: servers, homeFiles: { '.config/gatehouse/policy.yaml': 'limits:\n  max_binary_bytes: 1000\n' } });
    });
    afterAll(async () => gw?.close());

    it('withholds a block over the limit: stub marked omitted, E403, no native block', async () => {
      const result = await gw.call('gateway.invoke', { tool_id: 'everything::get-tiny-image' });
      const body = answerOf<Body>(result);
      expect(result.content).toHaveLength(1);
      expect(body.result.content[1]).toMatchObject({ type: 'image', mimeType: 'image/png', block_index: 1, omitted: true });
      expect((body.result.content[1] as { bytes: number }).bytes).toBeGreaterThan(1000);
      expect(decodeErrors(body.errors).map((e) => e.code)).toEqual(['E403']);
    });

    it('still passes blocks under the limit', async () => {
      const result = await gw.call('gateway.invoke', { tool_id: 'kit::sample_audio' });
      expect(answerOf<Body>(result).errors).toEqual([]);
      expect(result.content[1]).toEqual({ type: 'audio', mimeType: 'audio/wav', data: WAV_BASE64 });
    });
  });
});
