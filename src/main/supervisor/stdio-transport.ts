// An MCP client transport over a child's pipes that Gatehouse spawned itself. Owning the framing (rather
// than the SDK's stdio transport) gives an explicit environment, a process group, and a line limit: an
// over-long line is discarded as it streams, never buffered whole, and the connection stays up.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { parseJSONRPCMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';
import { PartialLine } from '../common/partial-line';
import { LineIdScanner } from './line-id-scanner';

export const DEFAULT_LINE_LIMIT = 10 * 1024 * 1024;

/** JSON-RPC error code Gatehouse answers in place of a response that was too large to read. */
export const OVERSIZED_RESPONSE_CODE = -32001;

export class ChildStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /**
   * Sees each message from the child before the SDK client does, in the same order; returns true for one
   * it consumed (direct-call.ts: the answers and progress of calls Gatehouse wrote itself).
   */
  intercept?: (message: Record<string, unknown>) => boolean;
  private readonly endListeners: (() => void)[] = [];

  private readonly partial = new PartialLine();
  private discarding: { scanner: LineIdScanner; bytes: number } | null = null;
  private closed = false;
  /** Requests sent and not yet answered: tells, at the moment the child dies, whether work was lost. */
  private readonly outstanding = new Set<string | number>();
  private outstandingAtClose = 0;

  constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly lineLimit = DEFAULT_LINE_LIMIT,
  ) {}

  async start(): Promise<void> {
    this.child.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    this.child.stdout.on('end', () => this.finish());
    this.child.on('exit', () => this.finish());
    // EPIPE means the child is gone even if its exit has not been reported yet: end the connection now,
    // so no further request is written into a dead pipe.
    this.child.stdin.on('error', (error) => {
      this.onerror?.(error);
      this.finish();
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.child.stdin.destroyed || !this.child.stdin.writable) this.finish();
    if (this.closed) return Promise.reject(new Error('the server process is not running'));
    if ('method' in message && 'id' in message) this.outstanding.add(message.id);
    return new Promise((resolve, reject) => {
      this.child.stdin.write(`${JSON.stringify(message)}\n`, (error) => (error ? reject(error) : resolve()));
    });
  }

  async close(): Promise<void> {
    this.finish();
  }

  /** Called once when the connection ends, after the SDK client was told. */
  onEnd(listener: () => void): void {
    this.endListeners.push(listener);
  }

  /** How many requests were still unanswered when the connection ended. */
  get unansweredAtClose(): number {
    return this.outstandingAtClose;
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.outstandingAtClose = this.outstanding.size;
    this.outstanding.clear();
    this.partial.clear();
    this.onclose?.();
    for (const listener of this.endListeners) listener();
  }

  private onData(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      if (newline === -1) {
        this.append(chunk.subarray(start));
        return;
      }
      this.append(chunk.subarray(start, newline));
      this.emitLine();
      start = newline + 1;
    }
  }

  private append(part: Buffer): void {
    if (part.length === 0) return;
    if (this.discarding) {
      this.discarding.scanner.push(part);
      this.discarding.bytes += part.length;
      return;
    }
    this.partial.push(part);
    if (this.partial.size > this.lineLimit) {
      // From here on the line streams through the id scanner and is dropped, never held in memory.
      const scanner = new LineIdScanner();
      const bytes = this.partial.size;
      for (const chunk of this.partial.take()) scanner.push(chunk);
      this.discarding = { scanner, bytes };
    }
  }

  private emitLine(): void {
    if (this.discarding) {
      const { scanner, bytes } = this.discarding;
      this.discarding = null;
      this.failOversized(scanner.finish(), bytes);
      return;
    }
    const line = this.partial.finish().toString('utf8').trim();
    if (!line) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      this.notJsonRpc(line);
      return;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      this.notJsonRpc(line);
      return;
    }
    const raw = parsed as Record<string, unknown>;
    if (raw.id !== undefined && !('method' in raw)) this.outstanding.delete(raw.id as string | number);
    this.deliver(raw, line);
  }

  /** Servers sometimes print logs to stdout; that is their bug, not a reason to drop the connection. */
  private notJsonRpc(line: string): void {
    this.onerror?.(new Error(`ignored a stdout line that is not JSON-RPC: ${line.slice(0, 120)}`));
  }

  private delivery: Promise<void> = Promise.resolve();

  /**
   * The SDK handles a notification one microtask later than a response. When one stdout chunk holds a
   * call's last progress notifications and then its result, delivering them back to back would let the
   * result retire the progress handler first and drop the progress. Each message waits for the one
   * before it — the intercepted ones too, so a call's log lines still reach its client before its answer.
   * Only what goes on to the SDK is checked against its message schema.
   */
  private deliver(raw: Record<string, unknown>, line?: string): void {
    this.delivery = this.delivery.then(() => {
      if (this.intercept?.(raw)) return;
      let message: JSONRPCMessage;
      try {
        message = parseJSONRPCMessage(raw);
      } catch {
        this.notJsonRpc(line ?? JSON.stringify(raw));
        return;
      }
      this.onmessage?.(message);
    });
  }

  /** Answers the request the oversized line belonged to with an error, so only that call fails. */
  private failOversized(id: string | number | null, bytes: number): void {
    const message = `the server's response was ${bytes} bytes, over the ${this.lineLimit}-byte line limit; it was discarded`;
    if (id === null) {
      this.onerror?.(new Error(`${message} (not a response to any request)`));
      return;
    }
    this.outstanding.delete(id);
    this.deliver({
      jsonrpc: '2.0',
      id,
      error: { code: OVERSIZED_RESPONSE_CODE, message, data: { gatehouse_code: 'E306', line_bytes: bytes, limit_bytes: this.lineLimit } },
    });
  }
}
