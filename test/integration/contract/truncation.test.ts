// invoke output shaping (contract §2.3): the text budget is the tightest of max_output_chars,
// limits.max_output_bytes and limits.max_output_tokens (4 chars a token); the crossing block is cut on a
// character boundary and ends `[... OUTPUT TRUNCATED: N bytes -> M bytes ...]`; later text blocks become
// {"type":"text","omitted":true}; oversized structuredContent is dropped; then truncated:true, a summary
// starting `Output was N bytes` and raw_size_estimate N.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUNCATION_MARKER } from './helpers/contract';
import { answerOf } from './helpers/envelope';
import { corpusServer, faultServer, LANES, openGateway, type Gateway } from './helpers/gateway';

interface Shaped {
  ok: boolean;
  result: { content: { type: string; text?: string; omitted?: boolean }[]; structuredContent?: unknown; structuredContent_omitted?: boolean };
  truncated: boolean;
  summary?: string;
  raw_size_estimate?: number;
  errors: unknown[];
}

/** A truncated answer: still ok, with the summary and raw size that go with truncated:true. */
function truncatedOf(result: CallToolResult): Shaped {
  const body = answerOf<Shaped>(result);
  expect(body.ok).toBe(true);
  expect(body.errors).toEqual([]);
  expect(body.truncated).toBe(true);
  expect(body.raw_size_estimate).toBeGreaterThan(0);
  expect(body.summary?.startsWith(`Output was ${body.raw_size_estimate} bytes`)).toBe(true);
  return body;
}

/** The kept text and the marker's N and M of one cut block. */
function cut(text: string | undefined): { kept: string; from: number; to: number } {
  const match = TRUNCATION_MARKER.exec(text ?? '');
  expect(match, `no truncation marker at the end of ${text?.slice(-80)}`).not.toBeNull();
  return { kept: text!.slice(0, match!.index), from: Number(match![1]), to: Number(match![2]) };
}

describe.each(LANES)('$label', (lane) => {
  const servers = { fault: faultServer(), kit: corpusServer('kit') };

  describe('default limits', () => {
    let gw: Gateway;
    const invoke = (tool_id: string, args: Record<string, unknown>, options?: Record<string, unknown>) =>
      gw.call('gateway.invoke', { tool_id, arguments: args, ...(options ? { options } : {}) });
    beforeAll(async () => {
      gw = await openGateway(lane, { mcpServers: servers });
    });
    afterAll(async () => gw?.close());

    it('leaves output under the budget alone: no summary, no raw size', async () => {
      const body = answerOf<Shaped>(await invoke('fault::huge', { bytes: 150 }, { max_output_chars: 150 }));
      expect(body.truncated).toBe(false);
      expect(body.result.content[0]?.text).toBe('x'.repeat(150));
      expect(body).not.toHaveProperty('summary');
      expect(body).not.toHaveProperty('raw_size_estimate');
    });

    it('cuts at max_output_chars with the marker, a summary and the raw size', async () => {
      const body = truncatedOf(await invoke('fault::huge', { bytes: 5000 }, { max_output_chars: 200 }));
      const { kept, from, to } = cut(body.result.content[0]?.text);
      expect(kept).toBe('x'.repeat(200));
      expect([from, to]).toEqual([5000, 200]);
      // The raw size is the whole downstream result, a little more than its 5000-byte text.
      expect(body.raw_size_estimate).toBeGreaterThan(5000);
      expect(body.raw_size_estimate).toBeLessThan(5200);
    });

    it('applies the default token limit (4000 tokens = 16000 chars) without options', async () => {
      const body = truncatedOf(await invoke('fault::huge', { bytes: 20_000 }, undefined));
      const { kept, from, to } = cut(body.result.content[0]?.text);
      expect(kept.length).toBe(16_000);
      expect([from, to]).toEqual([20_000, 16_000]);
    });

    it('keeps earlier blocks, cuts the crossing one and omits later text blocks', async () => {
      const body = truncatedOf(await invoke('kit::multi_block', { blocks: 3, size: 300 }, { max_output_chars: 400 }));
      const [first, second, third] = body.result.content;
      expect(first).toEqual({ type: 'text', text: 'a'.repeat(300) });
      const crossing = cut(second?.text);
      expect(crossing.kept).toBe('b'.repeat(100));
      expect([crossing.from, crossing.to]).toEqual([300, 100]);
      expect(third).toEqual({ type: 'text', omitted: true });
    });

    it('cuts multi-byte text on a character boundary, counting characters', async () => {
      const body = truncatedOf(await invoke('kit::unicode_text', { count: 300 }, { max_output_chars: 100 }));
      const { kept, from, to } = cut(body.result.content[0]?.text);
      expect(kept).toBe('€'.repeat(100));
      expect([from, to]).toEqual([900, 300]);
    });

    it('drops oversized structuredContent and says so', async () => {
      const body = truncatedOf(await invoke('kit::big_structured', { size: 500 }, { max_output_chars: 100 }));
      expect(body.result).not.toHaveProperty('structuredContent');
      expect(body.result.structuredContent_omitted).toBe(true);
      expect(body.result.content[0]).toEqual({ type: 'text', text: 'see structuredContent' });
    });
  });

  describe('policy limits', () => {
    let gw: Gateway;
    beforeAll(async () => {
      gw = await openGateway(lane, {
        mcpServers: servers,
        homeFiles: { '.config/gatehouse/policy.yaml': 'limits:\n  max_output_bytes: 1000\n  max_output_tokens: 100\n' },
      });
    });
    afterAll(async () => gw?.close());

    it('cuts at limits.max_output_bytes when it is the tightest', async () => {
      // 400 chars from the token limit, 100000 asked for, 1000 bytes: 333 euro signs fit.
      const body = truncatedOf(await gw.call('gateway.invoke', { tool_id: 'kit::unicode_text', arguments: { count: 500 }, options: { max_output_chars: 100_000 } }));
      const { kept, from, to } = cut(body.result.content[0]?.text);
      expect(kept).toBe('€'.repeat(333));
      expect([from, to]).toEqual([1500, 999]);
    });

    it('cuts at limits.max_output_tokens × 4 characters when it is the tightest', async () => {
      const body = truncatedOf(await gw.call('gateway.invoke', { tool_id: 'fault::huge', arguments: { bytes: 900 } }));
      const { kept, from, to } = cut(body.result.content[0]?.text);
      expect(kept).toBe('x'.repeat(400));
      expect([from, to]).toEqual([900, 400]);
    });

    it('lets a smaller max_output_chars win over the policy', async () => {
      const body = truncatedOf(await gw.call('gateway.invoke', { tool_id: 'fault::huge', arguments: { bytes: 900 }, options: { max_output_chars: 150 } }));
      expect(cut(body.result.content[0]?.text).to).toBe(150);
    });
  });
});
