// Watches the bytes of an MCP answer as they stream past (a JSON body or an SSE stream) for the
// JSON-RPC response to one request id, so the HTTP layer can count the tool call's outcome and audit
// it without buffering the stream or touching the server. Bounded: it gives up on oversized events.
import type { JsonRpcId } from './jsonrpc';

export type Observed =
  | { kind: 'result'; isError: boolean; errorText: string | null }
  | { kind: 'error'; code: number; message: string };

const MAX_BUFFER = 16 * 1024 * 1024;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The outcome carried by one JSON-RPC message, if it is the response to `id`. */
export function outcomeOf(message: unknown, id: JsonRpcId): Observed | null {
  if (!isRecord(message) || message.id !== id) return null;
  if (isRecord(message.error)) {
    const code = typeof message.error.code === 'number' ? message.error.code : 0;
    const text = typeof message.error.message === 'string' ? message.error.message : 'error';
    return { kind: 'error', code, message: text };
  }
  if (isRecord(message.result)) {
    const isError = message.result.isError === true;
    let errorText: string | null = null;
    if (isError && Array.isArray(message.result.content)) {
      const first: unknown = message.result.content[0];
      if (isRecord(first) && typeof first.text === 'string') errorText = first.text.slice(0, 2000);
    }
    return { kind: 'result', isError, errorText };
  }
  return null;
}

export class ResponseObserver {
  private buffer = '';
  private gaveUp = false;
  private readonly decoder = new TextDecoder();
  /** Events with data seen before the answer (progress, log lines, requests to the client). */
  private dataEvents = 0;
  observed: Observed | null = null;
  /**
   * In an SSE stream, the answer's JSON exactly as the server wrote it, when it is the stream's first
   * event with data and the last complete one seen: then it can go out as a plain JSON body instead.
   */
  soleAnswer: string | null = null;

  constructor(
    private readonly id: JsonRpcId,
    private readonly sse: boolean,
  ) {}

  push(chunk: Uint8Array): void {
    if (this.observed || this.gaveUp) return;
    this.buffer += this.decoder.decode(chunk, { stream: true });
    if (this.buffer.length > MAX_BUFFER) {
      this.gaveUp = true;
      this.buffer = '';
      return;
    }
    if (this.sse) this.scanEvents();
  }

  end(): void {
    if (this.observed || this.gaveUp) return;
    this.buffer += this.decoder.decode();
    if (this.sse) {
      this.buffer += '\n\n';
      this.scanEvents();
    } else {
      this.consider(this.buffer);
    }
    this.buffer = '';
  }

  private scanEvents(): void {
    // Servers write plain \n; only a stream that uses \r is normalised (a copy of the buffer per chunk).
    const normalized = this.buffer.includes('\r') ? this.buffer.replace(/\r\n?/g, '\n') : this.buffer;
    const events = normalized.split('\n\n');
    this.buffer = events.pop() ?? '';
    for (let i = 0; i < events.length; i++) {
      const data = dataOf(events[i] ?? '');
      if (!data) continue;
      this.consider(data);
      if (this.observed) {
        if (this.dataEvents === 0 && i === events.length - 1 && this.buffer === '') this.soleAnswer = data;
        return;
      }
      this.dataEvents += 1;
    }
  }

  private consider(text: string): void {
    try {
      this.observed = outcomeOf(JSON.parse(text), this.id);
    } catch {
      // Not JSON (a keep-alive, a priming event): not the answer.
    }
  }
}

/** The data of one SSE event: its `data:` lines joined by newlines ('' for a priming event or a comment). */
function dataOf(event: string): string {
  if (!event.includes('data:')) return '';
  let data: string | null = null;
  for (const line of event.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const value = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
    data = data === null ? value : `${data}\n${value}`;
  }
  return data ?? '';
}
