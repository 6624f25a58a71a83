// How an SSE answer reaches the socket (runExchange over a real Node HTTP server and fetch): a quick
// call's priming event, answer and end go out in one write instead of four — as one plain JSON body
// when the answer came alone and the client accepts JSON; a slower call's client sees the stream open,
// and the held event, once the grace period ends; nothing is lost either way.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { runExchange } from '../../../src/main/http/exchange';

const PRIMING = 'id: 1\nretry: 1000\ndata: \n\n';
const ANSWER = 'event: message\nid: 2\ndata: {"jsonrpc":"2.0","id":7,"result":{"content":[]}}\n\n';
const encode = (text: string) => new TextEncoder().encode(text);

let server: Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

interface Counted {
  writes: string[];
  ends: string[];
  flushes: number;
}

/** Serves one exchange whose body is `body`; counts what runExchange hands to the response. */
async function exchange(
  body: (counted: Counted) => ReadableStream<Uint8Array>,
  jsonAnswer = false,
): Promise<{ counted: Counted; received: string; contentType: string | null; sessionId: string | null }> {
  const counted: Counted = { writes: [], ends: [], flushes: 0 };
  server = createServer((_req, res: ServerResponse) => {
    const write = res.write.bind(res) as (chunk: Uint8Array | string) => boolean;
    const end = res.end.bind(res) as (chunk?: Uint8Array | string) => ServerResponse;
    const flush = res.flushHeaders.bind(res);
    Object.assign(res, {
      write: (chunk: Uint8Array | string) => {
        counted.writes.push(Buffer.from(chunk).toString());
        return write(chunk);
      },
      end: (chunk?: Uint8Array | string) => {
        counted.ends.push(chunk === undefined ? '' : Buffer.from(chunk).toString());
        return end(chunk);
      },
      flushHeaders: () => {
        counted.flushes++;
        flush();
      },
    });
    const headers = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'mcp-session-id': 'session-1' };
    const response = new Response(body(counted), { headers });
    void runExchange(res, async () => response, { requestId: 7, timeoutMs: null, cancel: () => undefined, jsonAnswer });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const answer = await fetch(`http://127.0.0.1:${port}/`);
  const received = await answer.text();
  return { counted, received, contentType: answer.headers.get('content-type'), sessionId: answer.headers.get('mcp-session-id') };
}

const ANSWER_JSON = '{"jsonrpc":"2.0","id":7,"result":{"content":[]}}';
const PROGRESS = 'event: message\nid: 2\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}\n\n';

/** Priming event, `events`, then the stream's end: all at once, as a quick call's stream is. */
const quick = (...events: string[]) => () =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const event of events) controller.enqueue(encode(event));
      controller.close();
    },
  });

it('answers a quick call alone as plain JSON when the client accepts it: the answer as the server wrote it, the session id kept', async () => {
  const { counted, received, contentType, sessionId } = await exchange(quick(PRIMING, ANSWER), true);
  expect(contentType).toBe('application/json');
  expect(received).toBe(ANSWER_JSON);
  expect(sessionId).toBe('session-1');
  expect(counted.ends).toEqual([ANSWER_JSON]);
});

it('keeps the SSE stream for a quick answer that came with other events, or for a client that takes only SSE', async () => {
  const withProgress = await exchange(quick(PRIMING, PROGRESS, ANSWER), true);
  expect(withProgress.contentType).toBe('text/event-stream');
  expect(withProgress.received).toBe(PRIMING + PROGRESS + ANSWER);
  const sseOnly = await exchange(quick(PRIMING, ANSWER), false);
  expect(sseOnly.contentType).toBe('text/event-stream');
  expect(sseOnly.received).toBe(PRIMING + ANSWER);
});

it('sends a quick answer with its priming event and the end in one write', async () => {
  const { counted, received } = await exchange(quick(PRIMING, ANSWER));
  expect(received).toBe(PRIMING + ANSWER);
  expect(counted.writes).toEqual([]);
  expect(counted.ends).toEqual([PRIMING + ANSWER]);
  expect(counted.flushes).toBe(0);
});

it('opens a slow answer\'s stream after the grace period with what it held, then sends the answer (never as JSON)', async () => {
  const { counted, received, contentType } = await exchange(
    (seen) =>
      new ReadableStream({
        async start(controller) {
          controller.enqueue(encode(PRIMING));
          // The answer comes only once the held priming event has gone out on its own.
          while (!seen.writes.length) await new Promise((resolve) => setTimeout(resolve, 5));
          controller.enqueue(encode(ANSWER));
          controller.close();
        },
      }),
    true,
  );
  expect(contentType).toBe('text/event-stream');
  expect(received).toBe(PRIMING + ANSWER);
  expect(counted.writes).toEqual([PRIMING]);
  expect(counted.ends).toEqual([ANSWER]);
});

it('sends what it held when a stream ends without the answer', async () => {
  const { counted, received } = await exchange(quick(PRIMING), true);
  expect(received).toBe(PRIMING);
  expect(counted.writes).toEqual([PRIMING]);
});
