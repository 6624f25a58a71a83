// Drives a live stdio child with raw JSON-RPC frames and records every frame at the child's stdio
// boundary. Raw frames, not the SDK client: the negative cases (missing `_meta`) are frames no SDK
// client will send, and the modern era is spoken frame by frame while the gateway's connect sequence
// is handshake-only (python-runtime.md §13.3).
import type { SpawnedServer } from '../../../../src/main/supervisor/stdio-process';

export type Frame = Record<string, unknown>;
export interface TranscriptLine {
  seq: number;
  era: string;
  case: string;
  dir: 'send' | 'recv';
  frame: Frame;
}

/** A hang guard only (a broken child must not stall the suite); nothing asserts on time. */
const REPLY_GUARD_MS = 120_000;

export class RawSession {
  private buffer = '';
  private received: Frame[] = [];
  private wake: (() => void) | null = null;
  private closed = false;

  constructor(
    private readonly server: SpawnedServer,
    private readonly era: string,
    private readonly transcript: TranscriptLine[],
  ) {
    server.child.stdout.setEncoding('utf8');
    server.child.stdout.on('data', (chunk: string) => this.onData(chunk));
    server.child.once('exit', () => {
      this.closed = true;
      this.wake?.();
    });
  }

  /** Sends one frame; for a request, waits for its response and records everything received before it. */
  async exchange(caseName: string, frame: Frame): Promise<Frame[]> {
    this.record(caseName, 'send', frame);
    this.server.child.stdin.write(`${JSON.stringify(frame)}\n`);
    if (!('id' in frame)) return [];
    const deadline = Date.now() + REPLY_GUARD_MS;
    for (;;) {
      const index = this.received.findIndex((m) => m.id === frame.id && !('method' in m));
      if (index !== -1) {
        const frames = this.received.splice(0, index + 1);
        for (const received of frames) this.record(caseName, 'recv', received);
        return frames;
      }
      if (this.closed) throw new Error(`the child exited before answering ${caseName}; stderr: ${this.server.stderr.tail(20).join('\n')}`);
      if (Date.now() > deadline) throw new Error(`no answer to ${caseName}; stderr: ${this.server.stderr.tail(20).join('\n')}`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 1000).unref();
      });
    }
  }

  /** Frames that arrived without being asked for (should be none). */
  unsolicited(): Frame[] {
    return [...this.received];
  }

  private record(caseName: string, dir: 'send' | 'recv', frame: Frame): void {
    this.transcript.push({ seq: this.transcript.length + 1, era: this.era, case: caseName, dir, frame });
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    for (let newline = this.buffer.indexOf('\n'); newline !== -1; newline = this.buffer.indexOf('\n')) {
      const line = this.buffer.slice(0, newline).trim();
      this.buffer = this.buffer.slice(newline + 1);
      if (line) this.received.push(JSON.parse(line) as Frame);
    }
    this.wake?.();
  }
}

/** serverInfo versions become "<version>", known absolute paths "<ROOT>", timing fields are dropped. */
export function normalize(value: unknown, roots: string[]): unknown {
  if (typeof value === 'string') return roots.reduce((text, root) => text.split(root).join('<ROOT>'), value);
  if (Array.isArray(value)) return value.map((item) => normalize(item, roots));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (/^(durationMs|elapsedMs|timestamp)$/.test(key)) continue;
      out[key] = normalize(item, roots);
    }
    for (const holder of [out.serverInfo, out['io.modelcontextprotocol/serverInfo']]) {
      if (holder && typeof holder === 'object' && 'version' in holder) (holder as Record<string, unknown>).version = '<version>';
    }
    return out;
  }
  return value;
}
