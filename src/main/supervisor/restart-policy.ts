// When to restart a crashed server and when to stop trying. Pure: the clock and the random source are
// passed in, so the rules are testable without waiting.
export interface RestartPolicyOptions {
  /** First delay; doubles per consecutive crash. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** ±fraction of random jitter, so many servers crashing together do not restart in lock-step. */
  jitter: number;
  /** This many crashes inside `windowMs` open the breaker. */
  maxCrashes: number;
  windowMs: number;
  /** After this long an open breaker allows one trial start (half-open). */
  coolDownMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicyOptions = {
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  jitter: 0.2,
  maxCrashes: 5,
  windowMs: 5 * 60_000,
  coolDownMs: 10 * 60_000,
};

export type BreakerState = 'closed' | 'open' | 'half_open';

export class RestartPolicy {
  private crashes: number[] = [];
  private openedAt: number | null = null;

  constructor(
    private readonly options: RestartPolicyOptions = DEFAULT_RESTART_POLICY,
    private readonly now: () => number = Date.now,
    private readonly random: () => number = Math.random,
  ) {}

  /** Records a crash; returns the delay before the next restart, or null when the breaker opened. */
  recordCrash(): number | null {
    const now = this.now();
    this.crashes = this.crashes.filter((at) => now - at < this.options.windowMs);
    this.crashes.push(now);
    if (this.crashes.length >= this.options.maxCrashes) {
      this.openedAt = now;
      return null;
    }
    const exponent = this.crashes.length - 1;
    const delay = Math.min(this.options.baseDelayMs * 2 ** exponent, this.options.maxDelayMs);
    const spread = delay * this.options.jitter;
    return Math.round(delay - spread + this.random() * 2 * spread);
  }

  get breaker(): BreakerState {
    if (this.openedAt === null) return 'closed';
    return this.now() - this.openedAt >= this.options.coolDownMs ? 'half_open' : 'open';
  }

  /** Milliseconds until an open breaker allows a trial; 0 when closed or half-open. */
  retryAfterMs(): number {
    if (this.openedAt === null) return 0;
    return Math.max(0, this.options.coolDownMs - (this.now() - this.openedAt));
  }

  get recentCrashes(): number {
    const now = this.now();
    return this.crashes.filter((at) => now - at < this.options.windowMs).length;
  }

  /** The operator (or a config change) says try again: forget the crash history. */
  reset(): void {
    this.crashes = [];
    this.openedAt = null;
  }
}
