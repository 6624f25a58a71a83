import type { CallToolResult } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { shapeResult } from '../../../src/main/gateway/shape-result';

const text = (t: string) => ({ type: 'text' as const, text: t });
/** No lone surrogates: a UTF-8 round trip would replace them with U+FFFD. */
const wellFormed = (s: string) => Buffer.from(s, 'utf8').toString('utf8') === s;
const marker = (before: number, after: number) => `[... OUTPUT TRUNCATED: ${before} bytes -> ${after} bytes ...]`;

describe('shapeResult: text within the budget', () => {
  it('leaves the result unchanged and not truncated', () => {
    const result: CallToolResult = { content: [text('hello'), text('world')], structuredContent: { a: 1 } };
    const shaped = shapeResult(result, 10);
    expect(shaped.truncated).toBe(false);
    expect(shaped.result).toEqual(result);
    expect(shaped.passthrough).toEqual([]);
  });

  it('reports the raw size as the bytes of the JSON result', () => {
    const result: CallToolResult = { content: [text('héllo')] };
    expect(shapeResult(result, 100).rawSize).toBe(Buffer.byteLength(JSON.stringify(result)));
  });

  it('counts the budget in characters, not bytes or UTF-16 units', () => {
    const shaped = shapeResult({ content: [text('😀😀😀é')] }, 4);
    expect(shaped.truncated).toBe(false);
    expect((shaped.result.content as { text: string }[])[0]?.text).toBe('😀😀😀é');
  });

  it('keeps isError and other fields', () => {
    const shaped = shapeResult({ content: [text('boom')], isError: true, _meta: { k: 'v' } }, 100);
    expect(shaped.result).toMatchObject({ isError: true, _meta: { k: 'v' } });
  });
});

describe('shapeResult: truncation', () => {
  it('cuts the crossing block and appends the marker with the byte sizes', () => {
    const shaped = shapeResult({ content: [text('abcdefghij')] }, 4);
    expect(shaped.truncated).toBe(true);
    expect(shaped.result.content).toEqual([{ type: 'text', text: `abcd${marker(10, 4)}` }]);
  });

  it('cuts on a character boundary with emoji and multibyte text', () => {
    const original = 'a😀b€c😀d';
    const shaped = shapeResult({ content: [text(original)] }, 3);
    const cut = (shaped.result.content as { text: string }[])[0]?.text ?? '';
    expect(cut).toBe(`a😀b${marker(Buffer.byteLength(original), Buffer.byteLength('a😀b'))}`);
    expect(wellFormed(cut)).toBe(true);
    // Two UTF-16 units in: a naive slice would split the emoji's surrogate pair.
    const two = shapeResult({ content: [text('😀😀😀')] }, 1);
    const head = (two.result.content as { text: string }[])[0]?.text ?? '';
    expect(head.startsWith('😀[...')).toBe(true);
    expect(wellFormed(head)).toBe(true);
    expect(head).toContain(marker(12, 4));
  });

  it('shares the budget across blocks and omits text blocks after the cut', () => {
    const shaped = shapeResult({ content: [text('12345'), text('67890'), text('more'), text('even more')] }, 7);
    expect(shaped.truncated).toBe(true);
    expect(shaped.result.content).toEqual([
      { type: 'text', text: '12345' },
      { type: 'text', text: `67${marker(5, 2)}` },
      { type: 'text', omitted: true },
      { type: 'text', omitted: true },
    ]);
  });

  it('omits the next text block when an earlier one used exactly the budget', () => {
    const shaped = shapeResult({ content: [text('12345'), text('6')] }, 5);
    expect(shaped.truncated).toBe(true);
    expect(shaped.result.content).toEqual([{ type: 'text', text: '12345' }, { type: 'text', omitted: true }]);
  });

  it('drops oversized structuredContent when the text was cut', () => {
    const shaped = shapeResult({ content: [text('x'.repeat(50))], structuredContent: { rows: 'y'.repeat(50) } }, 10);
    expect(shaped.result).not.toHaveProperty('structuredContent');
    expect(shaped.result.structuredContent_omitted).toBe(true);
  });

  it('keeps small structuredContent when the text was cut', () => {
    const shaped = shapeResult({ content: [text('x'.repeat(50))], structuredContent: { n: 1 } }, 20);
    expect(shaped.result.structuredContent).toEqual({ n: 1 });
    expect(shaped.result).not.toHaveProperty('structuredContent_omitted');
  });

  it('does not change the input result', () => {
    const result: CallToolResult = { content: [text('abcdefgh')], structuredContent: { s: 'z'.repeat(40) } };
    const copy = structuredClone(result);
    shapeResult(result, 2);
    expect(result).toEqual(copy);
  });
});

describe('shapeResult: binary blocks', () => {
  const png = Buffer.alloc(300, 7).toString('base64');

  it('moves image and audio blocks to passthrough and stubs them with block_index and bytes', () => {
    const image = { type: 'image' as const, data: png, mimeType: 'image/png' };
    const audio = { type: 'audio' as const, data: Buffer.alloc(30).toString('base64'), mimeType: 'audio/wav' };
    const shaped = shapeResult({ content: [text('see image'), image, audio] }, 100);
    expect(shaped.passthrough).toEqual([image, audio]);
    expect(shaped.result.content).toEqual([
      { type: 'text', text: 'see image' },
      { type: 'image', mimeType: 'image/png', block_index: 1, bytes: 300 },
      { type: 'audio', mimeType: 'audio/wav', block_index: 2, bytes: 30 },
    ]);
    expect(JSON.stringify(shaped.result)).not.toContain(png);
    expect(shaped.truncated).toBe(false);
  });

  it('does not count binary blocks against the text budget', () => {
    const shaped = shapeResult({ content: [{ type: 'image', data: png, mimeType: 'image/png' }, text('12345')] }, 5);
    expect(shaped.truncated).toBe(false);
    expect((shaped.result.content as unknown[])[1]).toEqual({ type: 'text', text: '12345' });
  });

  it('passes binary blocks through even after the text budget is spent', () => {
    const image = { type: 'image' as const, data: png, mimeType: 'image/png' };
    const shaped = shapeResult({ content: [text('abcdef'), image] }, 3);
    expect(shaped.truncated).toBe(true);
    expect(shaped.passthrough).toEqual([image]);
    expect((shaped.result.content as unknown[])[1]).toMatchObject({ type: 'image', block_index: 1 });
  });

  it('leaves resource links unchanged in the JSON', () => {
    const link = { type: 'resource_link' as const, uri: 'file:///x.txt', name: 'x.txt' };
    const shaped = shapeResult({ content: [link] }, 10);
    expect(shaped.result.content).toEqual([link]);
    expect(shaped.passthrough).toEqual([]);
  });

  it('handles a result without content', () => {
    const shaped = shapeResult({ content: [] }, 10);
    expect(shaped).toMatchObject({ truncated: false, passthrough: [], result: { content: [] } });
  });
});
