// The upstream stdio wire for `gatehouse serve --transport stdio` and the attach bridge. It frames
// newline-delimited JSON-RPC itself, with the same validation as /mcp (jsonrpc.ts): a malformed line is
// answered with a JSON-RPC error (the SDK's own reader drops it silently, leaving the client waiting),
// a batch is refused, and a line over the limit is discarded without ever being buffered whole.
import type { Readable, Writable } from 'node:stream';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { PartialLine } from '../common/partial-line';
import { classifyText, INVALID_REQUEST, jsonRpcError, type JsonRpcErrorBody } from './jsonrpc';

export const STDIO_LINE_LIMIT = 10 * 1024 * 1024;
const NEWLINE = 0x0a;

export class GuardedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly partial = new PartialLine();
  private discarding = false;
  private started = false;
  private closed = false;
  /** Lines refused as malformed (tests and diagnostics). */
  refused = 0;

  constructor(
    private readonly stdin: Readable = process.stdin,
    private readonly stdout: Writable = process.stdout,
    private readonly lineLimit = STDIO_LINE_LIMIT,
  ) {}

  async start(): Promise<void> {
    if (this.started) throw new Error('GuardedStdioTransport already started');
    this.started = true;
    this.stdin.on('data', this.onData);
    this.stdin.on('end', this.onEnd);
    this.stdin.on('close', this.onEnd);
    this.stdin.on('error', this.onStreamError);
    this.stdout.on('error', this.onStdoutError);
  }

  private readonly onData = (chunk: Buffer | string): void => {
    let buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    for (;;) {
      const newline = buffer.indexOf(NEWLINE);
      if (newline === -1) {
        this.hold(buffer);
        return;
      }
      const head = buffer.subarray(0, newline);
      buffer = buffer.subarray(newline + 1);
      if (this.discarding) {
        this.discarding = false;
        this.partial.clear();
        continue;
      }
      this.handleLine(this.partial.finish(head).toString('utf8'));
    }
  };

  /** Keeps a partial line, unless it is already over the limit: then the rest is skipped to the newline. */
  private hold(part: Buffer): void {
    if (this.discarding || part.length === 0) return;
    if (this.partial.size + part.length > this.lineLimit) {
      this.discarding = true;
      this.partial.clear();
      this.refuse(jsonRpcError(null, INVALID_REQUEST, `Invalid Request: message over ${this.lineLimit} bytes was discarded`));
      return;
    }
    this.partial.push(part);
  }

  private handleLine(raw: string): void {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    if (line.length > this.lineLimit) {
      this.refuse(jsonRpcError(null, INVALID_REQUEST, `Invalid Request: message over ${this.lineLimit} bytes was discarded`));
      return;
    }
    const classified = classifyText(line);
    if (!classified.ok) {
      this.refuse(classified.error);
      return;
    }
    try {
      this.onmessage?.(classified.inbound.message);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private refuse(error: JsonRpcErrorBody): void {
    this.refused += 1;
    this.write(`${JSON.stringify(error)}\n`).catch(() => undefined);
  }

  private readonly onEnd = (): void => {
    void this.close();
  };

  private readonly onStreamError = (error: Error): void => {
    this.onerror?.(error);
  };

  private readonly onStdoutError = (error: Error): void => {
    if (this.closed) return;
    this.onerror?.(error);
    void this.close();
  };

  private write(text: string): Promise<void> {
    if (this.closed) return Promise.reject(new Error('stdio transport is closed'));
    return new Promise((resolve, reject) => {
      const ok = this.stdout.write(text, (error) => {
        if (error) reject(error);
      });
      if (ok) resolve();
      else this.stdout.once('drain', () => resolve());
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(`${JSON.stringify(message)}\n`);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('end', this.onEnd);
    this.stdin.off('close', this.onEnd);
    this.stdin.off('error', this.onStreamError);
    this.partial.clear();
    this.onclose?.();
  }
}
