import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { GuardedStdioTransport } from '../../../src/main/http/guarded-stdio';

function harness(lineLimit?: number) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const out: unknown[] = [];
  const delivered: unknown[] = [];
  stdout.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) out.push(JSON.parse(line));
  });
  const transport = new GuardedStdioTransport(stdin, stdout, lineLimit);
  transport.onmessage = (m) => delivered.push(m);
  return { stdin, out, delivered, transport };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('GuardedStdioTransport', () => {
  it('delivers valid messages split across chunks, with CRLF or LF', async () => {
    const h = harness();
    await h.transport.start();
    h.stdin.write('{"jsonrpc":"2.0","id":1,');
    h.stdin.write('"method":"ping"}\r\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n\n');
    await flush();
    expect(h.delivered).toEqual([{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', method: 'notifications/initialized' }]);
    expect(h.out).toEqual([]);
  });

  it('answers malformed lines and batches itself, echoing usable ids', async () => {
    const h = harness();
    await h.transport.start();
    h.stdin.write('nope\n[{"jsonrpc":"2.0","id":1,"method":"ping"}]\n{"jsonrpc":"2.0","id":"k","method":7}\n');
    await flush();
    expect(h.delivered).toEqual([]);
    expect(h.out).toMatchObject([{ id: null, error: { code: -32700 } }, { id: null, error: { code: -32600 } }, { id: 'k', error: { code: -32600 } }]);
    expect(h.transport.refused).toBe(3);
  });

  it('discards an over-long line without buffering it and keeps serving the next one', async () => {
    const h = harness(1024);
    await h.transport.start();
    for (let i = 0; i < 10; i += 1) h.stdin.write('x'.repeat(500));
    h.stdin.write('tail\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
    await flush();
    expect(h.out).toMatchObject([{ id: null, error: { code: -32600, message: expect.stringContaining('over 1024 bytes') } }]);
    expect(h.delivered).toEqual([{ jsonrpc: '2.0', id: 2, method: 'ping' }]);
  });

  it('closes when stdin ends', async () => {
    const h = harness();
    let closed = false;
    h.transport.onclose = () => {
      closed = true;
    };
    await h.transport.start();
    h.stdin.end();
    await flush();
    expect(closed).toBe(true);
    await expect(h.transport.send({ jsonrpc: '2.0', id: 1, result: {} })).rejects.toThrow(/closed/);
  });
});
