// A child's own stderr lines, copied into the gateway log as `[name] stderr: …` so that `gatehouse logs
// --server NAME` shows what the server said. Bounded, because a chatty child must not flood gateway.log
// (5 MiB, rotated: a flood would push every other server's lines out): a token bucket per server lets
// the first BURST lines through at once — a start-up, where the useful lines are (npx's download notes,
// a traceback) — then PER_MINUTE a minute. Lines over that are counted, and one line says how many
// were left out when lines flow again or the server stops; the last lines stay in the in-memory ring
// (gateway.health verbose=true), and a crash line quotes the last three anyway.
import type { ChildProcess } from 'node:child_process';
import { droppedStderrLine, stderrLine } from '../logs/server-lines';

export const STDERR_BURST = 100;
export const STDERR_PER_MINUTE = 30;

export class StderrLog {
  private tokens: number;
  private refilledAt: number;
  private dropped = 0;

  constructor(
    private readonly server: string,
    private readonly log: (line: string) => void,
    private readonly burst = STDERR_BURST,
    private readonly perMinute = STDERR_PER_MINUTE,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.refilledAt = now();
  }

  /** One complete, already redacted stderr line. */
  line(text: string): void {
    if (!text.trim()) return;
    this.refill();
    if (this.tokens < 1) {
      this.dropped++;
      return;
    }
    this.tokens -= 1;
    this.flush();
    this.log(stderrLine(this.server, text));
  }

  /** Says how many lines were left out since the last one logged (at a stop or a crash). */
  flush(): void {
    if (!this.dropped) return;
    this.log(droppedStderrLine(this.server, this.dropped, this.burst, this.perMinute));
    this.dropped = 0;
  }

  private refill(): void {
    const at = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((at - this.refilledAt) * this.perMinute) / 60_000);
    this.refilledAt = at;
  }
}

/** Resolves once an exited child's stderr has been read to its end ('close'), or after `ms` (a grandchild may hold the pipe open). */
export function stderrRead(child: ChildProcess, ms = 500): Promise<void> {
  if (!child.stderr || child.stderr.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    child.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
