// The stdio↔HTTP bridge against a real listener: messages pass through, an expired session is
// re-initialized transparently, refusals come back as JSON-RPC errors, and closing stdin ends the
// session in the gateway.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridge, type Bridge } from '../../../src/main/http/bridge';
import { waitFor } from '../../helpers/core';
import { INITIALIZE, startGateway, type Running } from './support';

const TOKEN = 'bridge-test-token-0123456789';

interface Pipe {
  stdin: PassThrough;
  messages: Record<string, unknown>[];
  logs: string[];
  bridge: Bridge;
  send(message: unknown): void;
  answer(id: unknown): Promise<Record<string, unknown>>;
}

async function pipe(url: URL, token: string): Promise<Pipe> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const messages: Record<string, unknown>[] = [];
  const logs: string[] = [];
  let buffered = '';
  stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) messages.push(JSON.parse(line) as Record<string, unknown>);
  });
  const bridge = await startBridge({ url, token, log: (l) => logs.push(l), stdin, stdout });
  return {
    stdin,
    messages,
    logs,
    bridge,
    send: (message) => stdin.write(`${JSON.stringify(message)}\n`),
    answer: (id) => waitFor(() => messages.find((m) => m.id === id && ('result' in m || 'error' in m)), `the answer to ${String(id)}`),
  };
}

describe('stdio bridge', () => {
  let gw: Running;
  beforeAll(async () => {
    gw = await startGateway({ auth: { mode: 'shared-secret', tokens: [{ principal: 'default', token: TOKEN }] } }, { tuning: { sessionIdleMs: 0 } });
  });
  afterAll(async () => gw?.stop());

  it('relays a session, re-initializes after the gateway ended it, and ends it when stdin closes', async () => {
    const p = await pipe(gw.url, TOKEN);
    p.send(INITIALIZE);
    expect(await p.answer(1)).toMatchObject({ result: { serverInfo: { name: 'gatehouse' } } });
    p.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    p.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(await p.answer(2)).toMatchObject({ result: { tools: expect.any(Array) } });
    expect(gw.http.sessionCount).toBe(1);

    // The gateway ends the session (operator action, expiry of a dead connection): the next call must not break.
    const [identity] = gw.identities.filter((i) => i.sessionId !== null).slice(-1);
    expect(await gw.http.closeSession(identity!.sessionId!)).toBe(true);
    p.send({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
    expect(await p.answer(3)).toMatchObject({ result: { tools: expect.any(Array) } });
    expect(p.logs.some((l) => l.includes('re-initialized'))).toBe(true);
    expect(gw.http.sessionCount).toBe(1);
    // The replayed initialize was the bridge's own: its answer never reached the client.
    expect(p.messages.filter((m) => typeof m.id === 'string' && m.id.startsWith('gatehouse-bridge'))).toEqual([]);

    p.stdin.end();
    expect(await p.bridge.done).toBe('stdin-closed');
    await waitFor(() => gw.http.sessionCount === 0, 'the session to be deleted');
  });

  it('turns a refused request into a JSON-RPC error for that id, without leaking the token', async () => {
    const p = await pipe(gw.url, 'not-the-right-token-000000');
    p.send(INITIALIZE);
    const answer = await p.answer(1);
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32000 } });
    expect(JSON.stringify(answer)).not.toContain('not-the-right-token');
    expect(p.logs.join('\n')).not.toContain('not-the-right-token');
    await p.bridge.close();
  });

  it('answers malformed stdin lines itself', async () => {
    const p = await pipe(gw.url, TOKEN);
    p.stdin.write('{"jsonrpc":"2.0","id":9,"method":\n');
    p.stdin.write('[{"jsonrpc":"2.0","id":10,"method":"ping"}]\n');
    p.stdin.write('{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}\n');
    await waitFor(() => p.messages.length >= 3, 'three refusals');
    expect(p.messages.map((m) => (m.error as { code: number }).code)).toEqual([-32700, -32600, -32600]);
    await p.bridge.close();
  });
});
