// The note a start gets when its handshake is slow (package-runner.ts words it): armed when the
// handshake begins, given once after 5 s — or a quarter of the connect timeout, whichever is shorter —
// if the start is still waiting for that handshake, cleared when the start ends either way.
import { packageRunnerOf, slowStartNote } from './package-runner';

const NOTE_AFTER_MS = 5000;

export class SlowStartWatch {
  private timer: NodeJS.Timeout | null = null;

  /**
   * `argv`: the spawned command line, read when the note is due (null for a remote server).
   * `stillWaiting`: whether that start is still in its handshake then. `note`: told the text.
   */
  arm(limitMs: number, pythonRoot: string | null, argv: () => readonly string[] | null, stillWaiting: () => boolean, note: (text: string) => void): void {
    this.clear();
    // Quoted as the threshold, not as measured: the note reads the same however busy the machine is.
    const after = Math.min(NOTE_AFTER_MS, Math.floor(limitMs / 4));
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!stillWaiting()) return;
      const spawned = argv();
      note(slowStartNote(spawned ? packageRunnerOf(spawned, pythonRoot) : null, after, limitMs));
    }, after);
    this.timer.unref();
  }

  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
