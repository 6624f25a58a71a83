// A dropped connection is not a cancellation: a handshake-era client whose POST stream breaks during a
// tool call gets the answer by resuming with GET and Last-Event-ID, from its own session only.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_HEADERS, openSession, raw, startGateway, type Running } from './support';

/** POSTs and hangs up as soon as the first SSE event id has arrived; returns that id. */
function postUntilFirstEventId(port: number, headers: Record<string, string>, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/mcp', headers: { host: `127.0.0.1:${port}`, ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        const match = /^id: (\S+)$/m.exec(text);
        if (match?.[1]) {
          resolve(match[1]);
          req.destroy();
        }
      });
      res.on('end', () => reject(new Error(`stream ended without an event id: ${text.slice(0, 300)}`)));
    });
    req.on('error', () => undefined); // the hang-up is ours
    req.end(body);
  });
}

/** POSTs and hangs up once the first whole SSE event has arrived; returns its lines. */
function postUntilFirstEvent(port: number, headers: Record<string, string>, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/mcp', headers: { host: `127.0.0.1:${port}`, ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        const end = text.indexOf('\n\n');
        if (end >= 0) {
          resolve(text.slice(0, end));
          req.destroy();
        }
      });
      res.on('end', () => reject(new Error(`stream ended without an event: ${text.slice(0, 300)}`)));
    });
    req.on('error', () => undefined); // the hang-up is ours
    req.end(body);
  });
}

describe('SSE resumption', () => {
  let gw: Running;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(async () => gw?.stop());

  it('delivers a tool result on GET with Last-Event-ID after the POST stream dropped', async () => {
    const port = gw.http.port;
    const sessionId = await openSession(port);
    const headers = { ...JSON_HEADERS, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' };
    const call = {
      jsonrpc: '2.0',
      id: 'long-1',
      method: 'tools/call',
      params: { name: 'gateway.invoke', arguments: { tool_id: 'everything::trigger-long-running-operation', arguments: { duration: 1, steps: 2 } }, _meta: { progressToken: 'p1' } },
    };
    const eventId = await postUntilFirstEventId(port, headers, JSON.stringify(call));

    const replay = await raw({ port, method: 'GET', headers: { accept: 'text/event-stream', 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25', 'last-event-id': eventId } });
    expect(replay.status).toBe(200);
    const messages = replay.text
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => JSON.parse(line.slice(6)) as { id?: string; result?: { isError?: boolean; content: { text: string }[] } });
    const answer = messages.find((m) => m.id === 'long-1');
    expect(answer?.result?.isError).not.toBe(true);
    expect(JSON.parse(answer!.result!.content[0]!.text)).toMatchObject({ ok: true, tool_id: 'everything::trigger-long-running-operation' });

    // Another session cannot replay this one's events.
    const other = await openSession(port);
    const foreign = await raw({ port, method: 'GET', headers: { accept: 'text/event-stream', 'mcp-session-id': other, 'mcp-protocol-version': '2025-11-25', 'last-event-id': eventId } });
    expect(foreign.text).not.toContain('long-1');
  });

  it('tells the client when to reconnect: the priming event carries a retry field (SEP-1699)', async () => {
    const port = gw.http.port;
    const sessionId = await openSession(port);
    const headers = { ...JSON_HEADERS, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' };
    const call = { jsonrpc: '2.0', id: 'retry-1', method: 'tools/call', params: { name: 'gateway.list_servers', arguments: {} } };
    const priming = await postUntilFirstEvent(port, headers, JSON.stringify(call));
    expect(priming).toMatch(/^id: \S+$/m);
    expect(priming).toMatch(/^retry: \d+$/m);
  });
});
