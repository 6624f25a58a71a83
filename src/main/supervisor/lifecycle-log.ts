// One server's life in the gateway log, each line prefixed `[name]` (see logs/server-lines.ts): the
// spawn (command line, pid), the handshake done (how long, protocol, tools), a start that failed, a
// slow start, an exit nobody asked for (exit code or signal, last stderr lines, what happens next), a
// stop Gatehouse asked for, and — bounded — the child's own stderr lines. Every line goes through the
// core's `log`, which redacts it before it is written anywhere.
import type { ConfinementView } from '../common/confinement/view';
import { GatewayError, safeMessage } from '../common/errors';
import { readyLine, spawnedLine, stoppedLine, type ExitStatus } from '../logs/server-lines';
import { StderrLog } from './stderr-log';

/** A failed start as one log line: the message, then its next step (a console reader acts on it). */
export function failureText(error: unknown): string {
  const next = error instanceof GatewayError && error.suggestion ? `; next step: ${error.suggestion}` : '';
  return `${safeMessage(error)}${next}`;
}

export class LifecycleLog {
  readonly stderr: StderrLog;

  constructor(
    private readonly server: string,
    private readonly log: (line: string) => void,
  ) {
    this.stderr = new StderrLog(server, log);
  }

  spawned(argv: readonly string[], pid: number | undefined): void {
    this.log(spawnedLine(this.server, argv, pid));
  }

  /**
   * A child that runs unconfined says so, with why (never silently). A confined one says nothing here:
   * it is the default, and its mounts and gaps are in its health row, `status --server` and doctor.
   */
  confinement(view: ConfinementView): void {
    if (view.state === 'unconfined') this.log(`[${this.server}] running unconfined: ${view.reason}`);
  }

  ready(ms: number, protocol: string | null, tools: number, toolsError: string | null): void {
    this.log(readyLine(this.server, ms, protocol, tools, toolsError));
  }

  /** Anything else worth a line about this server (a slow start, a failed start). */
  say(text: string): void {
    this.log(`[${this.server}] ${text}`);
  }

  /** An exit or close nobody asked for: `description` says how it ended, `next` what Gatehouse does now. */
  crashed(description: string, next: string): void {
    this.stderr.flush();
    this.log(`[${this.server}] ${description}; ${next}`);
  }

  stopped(how: { exit: ExitStatus } | 'remote' | 'starting'): void {
    this.stderr.flush();
    this.log(stoppedLine(this.server, how));
  }
}
