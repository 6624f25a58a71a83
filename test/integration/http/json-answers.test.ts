// A quick call's answer as plain JSON (streamable HTTP lets a server answer a POST with
// `application/json` or an SSE stream; clients take both): when the answer arrives alone while its
// stream is still held back and the client accepts JSON, it goes out as one JSON body, byte for byte as
// the server wrote it. A call that streams (progress) keeps its SSE stream. The hold is widened here so
// "quick" never depends on the machine's speed; what is asserted is the shape, never a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, JSON_HEADERS, openSession, postModern, raw, startGateway, type Running } from './support';

const invoke = (id: string, toolId: string, args: Record<string, unknown>, meta?: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'gateway.invoke', arguments: { tool_id: toolId, arguments: args }, ...(meta && { _meta: meta }) } });

describe('JSON answers for quick calls', () => {
  let gw: Running;
  beforeAll(async () => {
    gw = await startGateway({}, { tuning: { answerHoldMs: 30_000 } });
  });
  afterAll(async () => gw?.stop());

  it('answers a handshake-era tools/call with one JSON body and the session id', async () => {
    const port = gw.http.port;
    const sessionId = await openSession(port);
    const headers = { ...JSON_HEADERS, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' };
    const res = await raw({ port, method: 'POST', headers, body: invoke('echo-1', 'everything::echo', { message: 'hi' }) });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['mcp-session-id']).toBe(sessionId);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
    const answer = res.json() as { id: string; result: { isError?: boolean; content: { text: string }[] } };
    expect(answer.id).toBe('echo-1');
    expect(answer.result.isError).not.toBe(true);
    expect(JSON.stringify(answer.result.content)).toContain('Echo: hi');
  });

  it('keeps the SSE stream for a call that reports progress, with every event', async () => {
    const port = gw.http.port;
    const sessionId = await openSession(port);
    const headers = { ...JSON_HEADERS, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' };
    const body = invoke('long-1', 'everything::trigger-long-running-operation', { duration: 1, steps: 2 }, { progressToken: 'p1' });
    const res = await raw({ port, method: 'POST', headers, body });
    expect(res.headers['content-type']).toBe('text/event-stream');
    const messages = res.text
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => JSON.parse(line.slice(6)) as { id?: string; method?: string });
    expect(messages.some((m) => m.method === 'notifications/progress')).toBe(true);
    expect(messages.at(-1)?.id).toBe('long-1');
  });

  it('answers a 2026-07-28 stateless request with one JSON body too', async () => {
    const res = await postModern(gw.http.port, 'tools/list', 'list-1');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json()).toMatchObject({ id: 'list-1', result: { tools: expect.any(Array) } });
  });

  it('serves the SDK client, which takes either shape, in both eras', async () => {
    for (const era of ['handshake', 'stateless'] as const) {
      const { client } = await connectClient(gw.url, era);
      try {
        const result = await client.callTool({ name: 'gateway.invoke', arguments: { tool_id: 'everything::echo', arguments: { message: era } } });
        expect(JSON.stringify(result.content), era).toContain(`Echo: ${era}`);
      } finally {
        await client.close();
      }
    }
  });
});
