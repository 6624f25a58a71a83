// --request-timeout bounds body reading and non-tool requests only: a stalled body gets 408, a stuck
// tools/list is cancelled and answered with a JSON-RPC error, and a tool call that outlives the
// timeout still completes — in both eras.
import { connect } from 'node:net';
import { Server } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, startGateway, type Running } from './support';

const TIMEOUT_MS = 300;

describe('request timeout', () => {
  let gw: Running;
  const cancelled: string[] = [];
  beforeAll(async () => {
    gw = await startGateway(
      { requestTimeoutMs: TIMEOUT_MS },
      {
        createServerOverride: () => {
          const server = new Server({ name: 'slow', version: '1' }, { capabilities: { tools: {} } });
          server.setRequestHandler('tools/list', async (_req, ctx) => {
            // Stuck until cancelled (bounded, so a broken cancel cannot hang the test run).
            await new Promise<void>((resolve) => {
              const guard = setTimeout(resolve, 10_000);
              ctx.mcpReq.signal.addEventListener('abort', () => {
                cancelled.push('tools/list');
                clearTimeout(guard);
                resolve();
              });
            });
            return { tools: [] };
          });
          server.setRequestHandler('tools/call', async () => {
            await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 3));
            return { content: [{ type: 'text', text: 'finished after the request timeout' }] };
          });
          return server;
        },
      },
    );
  });
  afterAll(async () => gw?.stop());

  it('answers a body that stalls mid-way with 408', async () => {
    const port = gw.http.port;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"jsonrpc"`);
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
  });

  for (const era of ['handshake', 'stateless'] as const) {
    it(`cancels a stuck non-tool request and answers it with a JSON-RPC error (${era})`, async () => {
      const before = cancelled.length;
      const { client } = await connectClient(gw.url, era);
      try {
        await expect(client.listTools()).rejects.toThrow(/timed out/i);
        expect(cancelled.length).toBe(before + 1);
      } finally {
        await client.close();
      }
    });

    it(`never cuts a tool call, however long it takes (${era})`, async () => {
      const { client } = await connectClient(gw.url, era);
      try {
        const result = await client.callTool({ name: 'anything', arguments: {} });
        expect(result.content).toEqual([{ type: 'text', text: 'finished after the request timeout' }]);
      } finally {
        await client.close();
      }
    });
  }
});
