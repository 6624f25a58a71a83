// Reading a request body under two bounds (contract §8, check 6 and §8.2): a byte cap counted as the
// bytes arrive, so a chunked body without Content-Length is capped too, and the request timeout, so a
// client that sends headers and then trickles (or stalls) cannot hold a socket and a buffer forever.
import type { IncomingMessage } from 'node:http';

export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

export type BodyResult =
  | { ok: true; bytes: Buffer }
  | { ok: false; reason: 'too_large' | 'timeout' | 'aborted' };

/** The declared Content-Length, when it is a plain number (check 4 compares it before auth). */
export function declaredLength(req: IncomingMessage): number | null {
  const raw = req.headers['content-length'];
  if (raw === undefined || !/^\d{1,16}$/.test(raw)) return null;
  return Number(raw);
}

export function readBody(req: IncomingMessage, maxBytes: number, timeoutMs: number): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const finish = (result: BodyResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('aborted', onAbort);
      // Stop buffering what is left; the answer goes out and the connection closes behind it.
      if (!result.ok) req.resume();
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) return finish({ ok: false, reason: 'too_large' });
      chunks.push(chunk);
    };
    const onEnd = () => finish({ ok: true, bytes: Buffer.concat(chunks, total) });
    const onAbort = () => finish({ ok: false, reason: 'aborted' });
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), timeoutMs);
    timer.unref();
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('aborted', onAbort);
  });
}
