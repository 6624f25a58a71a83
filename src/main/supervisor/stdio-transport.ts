// An MCP client transport over a child's pipes that Gatehouse spawned itself. Owning the framing (rather
// than the SDK's stdio transport) gives an explicit environment, a process group, and a line limit: an
// over-long line is discarded as it streams, never buffered whole, and the connection stays up.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { parseJSONRPCMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';

export const DEFAULT_LINE_LIMIT = 10 * 1024 * 1024;

export class ChildStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private chunks: Buffer[] = [];
  private size = 0;
  private discarding = false;
  private closed = false;

  constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly lineLimit = DEFAULT_LINE_LIMIT,
  ) {}

  async start(): Promise<void> {
    this.child.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    this.child.stdout.on('end', () => this.finish());
    this.child.on('exit', () => this.finish());
    // EPIPE after the child died is expected; report it, the exit handler does the rest.
    this.child.stdin.on('error', (error) => this.onerror?.(error));
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the server process is not running'));
    return new Promise((resolve, reject) => {
      this.child.stdin.write(`${JSON.stringify(message)}\n`, (error) => (error ? reject(error) : resolve()));
    });
  }

  async close(): Promise<void> {
    this.finish();
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.chunks = [];
    this.onclose?.();
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
    if (this.discarding || part.length === 0) return;
    this.size += part.length;
    if (this.size > this.lineLimit) {
      this.chunks = [];
      this.size = 0;
      this.discarding = true;
      this.onerror?.(new Error(`a message from the server exceeded the ${this.lineLimit}-byte line limit and was discarded`));
      return;
    }
    this.chunks.push(part);
  }

  private emitLine(): void {
    if (this.discarding) {
      this.discarding = false;
      return;
    }
    const line = Buffer.concat(this.chunks, this.size).toString('utf8').trim();
    this.chunks = [];
    this.size = 0;
    if (!line) return;
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(JSON.parse(line));
    } catch {
      // Servers sometimes print logs to stdout; that is their bug, not a reason to drop the connection.
      this.onerror?.(new Error(`ignored a stdout line that is not JSON-RPC: ${line.slice(0, 120)}`));
      return;
    }
    this.onmessage?.(message);
  }
}
