// A call's idle timeout (contract §7.3): it fails when the server shows no sign of life — progress on
// that request, or the client answering a request the server made — for a whole window. Gatehouse keeps
// this timer itself rather than the SDK's, because a call waiting for its client (a person answering an
// elicitation, a model sampling) is not idle: the timer does not run out while the call is waiting.
// One timer per call, re-armed lazily from the call's last activity, so progress costs no timer churn.
import type { PendingCall } from './pending-calls';

export class IdleWatch {
  private timer: NodeJS.Timeout | null = null;
  private first: boolean;
  private readonly begun: number;

  /**
   * `firstWindowMs` may be shorter than `windowMs` (a lazy start used part of the caller's timeout): the
   * first silence is judged against it, with `expireFirst`'s error; after any activity, full windows.
   */
  constructor(
    private readonly call: PendingCall,
    private readonly windowMs: number,
    firstWindowMs: number,
    private readonly expire: (first: boolean) => void,
  ) {
    this.begun = call.lastActivity;
    this.first = firstWindowMs < windowMs;
    this.arm(this.first ? firstWindowMs : windowMs);
  }

  /** The server showed activity (the call's lastActivity was touched): the first window is over. */
  activity(): void {
    this.first = false;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(ms: number): void {
    this.timer = setTimeout(() => this.check(), Math.max(0, ms));
    this.timer.unref?.();
  }

  private check(): void {
    this.timer = null;
    if (this.call.waitingForClient !== null) {
      this.arm(this.windowMs);
      return;
    }
    if (this.call.lastActivity > this.begun) this.first = false;
    const quiet = Date.now() - this.call.lastActivity;
    const window = this.first ? 0 : this.windowMs;
    if (!this.first && quiet < window) {
      this.arm(window - quiet);
      return;
    }
    this.expire(this.first);
  }
}
