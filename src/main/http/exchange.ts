// One /mcp exchange from dispatch to the last byte: writes the SDK's web Response to the Node socket
// with backpressure, watches it for the JSON-RPC answer, and enforces the request timeout — which
// (contract §8.2) bounds non-tool requests only. A timed-out request is cancelled at the MCP layer and
// answered with a JSON-RPC error in whatever shape the exchange is in (plain JSON, or a last SSE event).
import type { ServerResponse } from 'node:http';
import { jsonRpcError, REQUEST_TIMED_OUT, type JsonRpcId } from './jsonrpc';
import { ResponseObserver, type Observed } from './response-observer';

export type ExchangeEnd =
  | { status: number; kind: 'answered'; observed: Observed | null }
  | { status: number; kind: 'timeout' }
  | { status: number; kind: 'disconnected'; observed: Observed | null };

export interface ExchangeOptions {
  /** The request's id, when it is a request (the answer to watch for). */
  requestId: JsonRpcId | null;
  /** null: exempt from the request timeout (tool calls, streams). */
  timeoutMs: number | null;
  /** Cancels the work behind a timed-out request (abort signal, notifications/cancelled). */
  cancel(): void;
  /**
   * The client accepts `application/json`: an answer that arrives alone while its SSE stream is still
   * held goes out as a plain JSON body instead (streamable HTTP lets a server answer a POST either way).
   */
  jsonAnswer?: boolean;
  /** How long a new SSE stream is held back (default HEADERS_GRACE_MS); tests widen it to stay deterministic. */
  holdMs?: number;
}

export const HEADERS_GRACE_MS = 50;

function headersOf(response: Response): Record<string, string> {
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

/** What only an SSE stream needs; a JSON answer goes without them. */
const SSE_ONLY_HEADERS = new Set(['content-type', 'cache-control', 'connection', 'x-accel-buffering', 'content-length']);

/** The headers of an answer sent as one JSON body instead of its SSE stream (the session id and the rest kept). */
function jsonHeaders(sse: Record<string, string>, body: string): Record<string, string> {
  const out: Record<string, string> = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
  for (const [name, value] of Object.entries(sse)) if (!SSE_ONLY_HEADERS.has(name)) out[name] = value;
  return out;
}

function waitDrain(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

/** Runs `dispatch` and streams its answer to `res`; resolves when the exchange is over. */
export async function runExchange(res: ServerResponse, dispatch: () => Promise<Response>, options: ExchangeOptions): Promise<ExchangeEnd> {
  let timedOut = false;
  let onTimeout: () => void = () => undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    onTimeout = () => resolve('timeout');
  });
  const timer =
    options.timeoutMs === null
      ? null
      : setTimeout(() => {
          timedOut = true;
          options.cancel();
          onTimeout();
        }, options.timeoutMs);
  timer?.unref();
  const timeoutError = () =>
    jsonRpcError(options.requestId, REQUEST_TIMED_OUT, `Request timed out after ${(options.timeoutMs ?? 0) / 1000} s (--request-timeout); tool calls are not cut by it`);

  try {
    const pending = dispatch();
    const first = await Promise.race([pending, timeout]);
    if (first === 'timeout') {
      // The answer may still arrive later: release its stream so nothing is left open.
      pending.then((late) => late.body?.cancel().catch(() => undefined), () => undefined);
      const text = JSON.stringify(timeoutError());
      if (!res.headersSent) res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
      return { status: 200, kind: 'timeout' };
    }
    return await pump(res, await withRequestId(first, options.requestId), options, () => timedOut, timeout, timeoutError);
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/**
 * The SDK's transport-level refusals (bad headers, unknown session, ...) carry `id: null` even when the
 * request had an id. A client is owed an answer to *its* request, so a small JSON error body for a
 * request gets that id filled in.
 */
async function withRequestId(response: Response, requestId: JsonRpcId | null): Promise<Response> {
  const json = (response.headers.get('content-type') ?? '').includes('application/json');
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (requestId === null || response.status < 400 || !json || declared > 64 * 1024) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, { status: response.status, headers: response.headers });
  }
  const record = body as { id?: unknown; error?: unknown };
  const fixed = record && typeof record === 'object' && record.error && record.id === null ? JSON.stringify({ ...record, id: requestId }) : text;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(fixed, { status: response.status, headers });
}

async function pump(
  res: ServerResponse,
  response: Response,
  options: ExchangeOptions,
  timedOut: () => boolean,
  timeout: Promise<'timeout'>,
  timeoutError: () => object,
): Promise<ExchangeEnd> {
  const sse = (response.headers.get('content-type') ?? '').includes('text/event-stream');
  const observer = options.requestId === null ? null : new ResponseObserver(options.requestId, sse);
  const headers = headersOf(response);
  // The head is written when the stream opens, or with the answer: until then it may still become JSON.
  let headed = false;
  const head = () => {
    if (headed) return;
    headed = true;
    res.writeHead(response.status, headers);
  };
  if (!sse) head();
  // A quick call's SSE stream (headers, a priming event, the answer, the end) went out in four writes,
  // each a syscall. For its first HEADERS_GRACE_MS the stream's events are held and go out with the
  // answer in one write — as a plain JSON body when the answer came alone and the client accepts JSON,
  // which its client parses without an event-stream reader; a slower call's client sees its stream
  // open, and what was held, at that time.
  let held: Uint8Array[] | null = sse ? [] : null;
  const release = () => {
    const early = held;
    held = null;
    if (!early || res.writableEnded || res.destroyed) return;
    head();
    if (early.length) res.write(Buffer.concat(early));
    else if (typeof res.flushHeaders === 'function') res.flushHeaders();
  };
  const grace = sse ? setTimeout(release, options.holdMs ?? HEADERS_GRACE_MS) : null;
  grace?.unref();
  if (!response.body) {
    if (grace) clearTimeout(grace);
    head();
    res.end();
    return { status: response.status, kind: 'answered', observed: null };
  }
  const reader = response.body.getReader();
  let clientGone = false;
  const onClose = () => {
    if (!res.writableFinished) {
      clientGone = true;
      reader.cancel().catch(() => undefined);
    }
  };
  res.once('close', onClose);
  try {
    for (;;) {
      // Tool calls and streams have no timeout: no race (and no promise for it) per chunk.
      const step = options.timeoutMs === null ? await reader.read() : await Promise.race([reader.read(), timeout]);
      if (step === 'timeout' || timedOut()) {
        reader.cancel().catch(() => undefined);
        release();
        head();
        if (sse && !res.writableEnded) res.write(`event: message\ndata: ${JSON.stringify(timeoutError())}\n\n`);
        res.end();
        return { status: response.status, kind: 'timeout' };
      }
      if (step.done) break;
      observer?.push(step.value);
      if (sse && observer?.observed) {
        // The answer to this request ends a POST's stream: it goes with what was held and the end.
        if (grace) clearTimeout(grace);
        const early = held;
        held = null;
        reader.cancel().catch(() => undefined);
        if (early && !headed && options.jsonAnswer && response.status === 200 && observer.soleAnswer !== null) {
          res.writeHead(200, jsonHeaders(headers, observer.soleAnswer));
          res.end(observer.soleAnswer);
        } else {
          head();
          res.end(early?.length ? Buffer.concat([...early, step.value]) : step.value);
        }
        return { status: response.status, kind: 'answered', observed: observer.observed };
      }
      if (held) {
        held.push(step.value);
        continue;
      }
      if (!res.write(step.value)) await waitDrain(res);
      if (clientGone || res.destroyed) break;
    }
  } catch {
    // The stream was cancelled (client gone) or failed mid-way; the outcome below says which.
  } finally {
    if (grace) clearTimeout(grace);
    res.off('close', onClose);
  }
  release(); // a stream that ended without the answer (a notification-only stream, a refusal) sends what it held
  observer?.end();
  const observed = observer?.observed ?? null;
  if (clientGone || res.destroyed) return { status: response.status, kind: 'disconnected', observed };
  head();
  res.end();
  return { status: response.status, kind: 'answered', observed };
}
