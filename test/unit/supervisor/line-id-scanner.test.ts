import { describe, expect, it } from 'vitest';
import { LineIdScanner } from '../../../src/main/supervisor/line-id-scanner';

function scan(text: string, chunkSize = 7): string | number | null {
  const scanner = new LineIdScanner();
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += chunkSize) scanner.push(bytes.subarray(i, i + chunkSize));
  return scanner.finish();
}

describe('LineIdScanner', () => {
  it('finds a numeric id after a huge result (the TypeScript SDK puts id last)', () => {
    const line = JSON.stringify({ result: { content: [{ type: 'text', text: 'x'.repeat(100_000) }] }, jsonrpc: '2.0', id: 42 });
    expect(scan(line, 4096)).toBe(42);
  });

  it('finds a string id placed first (the Python SDK puts id first)', () => {
    expect(scan(JSON.stringify({ jsonrpc: '2.0', id: 'req-7', result: { big: 'y'.repeat(5000) } }))).toBe('req-7');
  });

  it('ignores "id" keys nested inside the result and inside strings', () => {
    const line = JSON.stringify({ result: { id: 99, items: [{ id: 5 }], text: '"id": 12' }, jsonrpc: '2.0', id: 3 });
    expect(scan(line, 1)).toBe(3);
  });

  it('handles escaped quotes and multibyte text around the id', () => {
    const line = JSON.stringify({ result: { text: 'ünïcödé \\" "quoted" 😀'.repeat(50) }, id: 8, jsonrpc: '2.0' });
    expect(scan(line, 3)).toBe(8);
  });

  it('returns null for a notification (no id) and for a null id', () => {
    expect(scan(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 'z'.repeat(1000) } }))).toBeNull();
    expect(scan('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}')).toBeNull();
  });
});
