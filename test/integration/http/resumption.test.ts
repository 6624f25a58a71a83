// A dropped connection is not a cancellation: a handshake-era client whose POST stream breaks during a
// tool call gets the answer by resuming with GET and Last-Event-ID, from its own session only.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_HEADERS, openSession, raw, startGateway, type Running } from './support';

/** POSTs and hangs up as soon as `pick` finds what it wants in the SSE stream so far; returns that. */
function postUntil(port: number, headers: Record<string, string>, body: string, pick: (text: string) => string | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/mcp', headers: { host: `127.0.0.1:${port}`, ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        const found = pick(text);
        if (found !== undefined) {
          resolve(found);
          req.destroy();
        }
      });
      res.on('end', () => reject(new Error(`stream ended before it was found: ${text.slice(0, 300)}`)));
    });
    req.on('error', () => undefined); // the hang-up is ours
    req.end(body);
  });
}

/** The first SSE event id of the stream. */
const firstEventId = (text: string) => /^id: (\S+)$/m.exec(text)?.[1];
/** The lines of the first whole SSE event. */
const firstEvent = (text: string) => (text.includes('\n\n') ? text.slice(0, text.indexOf('\n\n')) : undefined);

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
    const eventId = await postUntil(port, headers, JSON.stringify(call), firstEventId);

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
    // A call that streams: a quick answer that comes alone goes out as plain JSON, with no stream to resume.
    const call = {
      jsonrpc: '2.0',
      id: 'retry-1',
      method: 'tools/call',
      params: { name: 'gateway.invoke', arguments: { tool_id: 'everything::trigger-long-running-operation', arguments: { duration: 1, steps: 2 } }, _meta: { progressToken: 'p2' } },
    };
    const priming = await postUntil(port, headers, JSON.stringify(call), firstEvent);
    expect(priming).toMatch(/^id: \S+$/m);
    expect(priming).toMatch(/^retry: \d+$/m);
  });
});
