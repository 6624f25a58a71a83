// The stdio↔HTTP bridge against a real listener: messages pass through, an expired session is
// re-initialized transparently, refusals come back as JSON-RPC errors, closing stdin ends the session
// in the gateway, and the token never goes to whatever takes the port once the gateway is gone.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridge, type Bridge } from '../../../src/main/http/bridge';
import { newInstanceToken } from '../../../src/main/state/instance-file';
import { waitFor } from '../../helpers/core';
import { INITIALIZE, startGateway, type Running } from './support';

const TOKEN = 'bridge-test-token-0123456789';
/** The gateway's per-run token (instance.json's): what its listener proves it holds before any token goes. */
const INSTANCE = newInstanceToken();

interface Pipe {
  stdin: PassThrough;
  messages: Record<string, unknown>[];
  logs: string[];
  bridge: Bridge;
  send(message: unknown): void;
  answer(id: unknown): Promise<Record<string, unknown>>;
}

async function pipe(url: URL, token: string, instanceToken = INSTANCE): Promise<Pipe> {
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
  const bridge = await startBridge({ url, token, instanceToken, log: (l) => logs.push(l), stdin, stdout });
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
    gw = await startGateway({ auth: { mode: 'shared-secret', tokens: [{ principal: 'default', token: TOKEN }] } }, { tuning: { sessionIdleMs: 0 }, instanceToken: INSTANCE });
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

  it('sends nothing to a gateway that cannot prove it holds the instance token', async () => {
    const p = await pipe(gw.url, TOKEN, newInstanceToken());
    p.send(INITIALIZE);
    expect(await p.answer(1)).toMatchObject({ error: { code: -32000 } });
    expect(await p.bridge.done).toBe('gateway-lost');
    expect(p.logs.join('\n')).toContain('could not prove it is the announced gateway');
    expect(gw.http.sessionCount).toBe(0);
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

it('sends its token nowhere once the gateway is gone and something else took the port', async () => {
  const own = await startGateway({ auth: { mode: 'shared-secret', tokens: [{ principal: 'default', token: TOKEN }] } }, { instanceToken: INSTANCE });
  const p = await pipe(own.url, TOKEN);
  p.send(INITIALIZE);
  expect(await p.answer(1)).toMatchObject({ result: { serverInfo: { name: 'gatehouse' } } });
  // (No notifications/initialized: it would open the GET stream, whose loss ends the bridge before the impostor appears.)
  const port = own.http.port;
  await own.stop();

  const seen: IncomingHttpHeaders[] = [];
  const impostor = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ gatehouse_identity: 1, proof: 'x'.repeat(43) }));
  });
  await new Promise<void>((resolve) => impostor.listen(port, '127.0.0.1', () => resolve()));
  try {
    p.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(await p.answer(2)).toMatchObject({ error: { code: -32000 } });
    expect(await p.bridge.done).toBe('gateway-lost');
    expect(seen.length).toBeGreaterThan(0); // it was asked to prove itself ...
    expect(seen.filter((h) => h.authorization !== undefined || JSON.stringify(h).includes(TOKEN))).toEqual([]); // ... and got no token
    expect(p.logs.join('\n')).toContain(`127.0.0.1:${port} could not prove it is the announced gateway`);
  } finally {
    await p.bridge.close();
    await new Promise<void>((resolve) => {
      impostor.close(() => resolve());
      impostor.closeAllConnections();
    });
  }
});
