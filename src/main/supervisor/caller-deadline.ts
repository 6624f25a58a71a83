// A caller's own deadline for work it shares with others. A lazy start is one connect attempt that every
// concurrent caller awaits: each caller stops waiting when its own time is up (or it is cancelled), while
// the attempt goes on, up to its own limit, for the others and for whoever asks next. One impatient
// caller must not kill a start that is slow for a good reason (npx or uvx downloading a package).
import { GatewayError } from '../common/errors';

export interface CallerDeadline {
  /** When the caller wants its answer by (Date.now() scale). */
  at: number;
  /** The timeout the caller gave (its `timeout_ms`), quoted back in errors. */
  timeoutMs: number;
  /** The caller's cancellation: its client cancelled the request or went away. */
  signal?: AbortSignal;
}

export function deadlineAfter(timeoutMs: number, signal?: AbortSignal, now = Date.now()): CallerDeadline {
  return { at: now + timeoutMs, timeoutMs, signal };
}

export function remainingMs(deadline: CallerDeadline, now = Date.now()): number {
  return Math.max(0, deadline.at - now);
}

/**
 * Settles as `work` does, unless the caller's deadline passes first (`expired()`) or the caller is
 * cancelled (`cancelled()`). `work` itself is never cancelled, and its later outcome stays observed, so
 * a shared attempt that fails after every caller left is no unhandled rejection.
 */
export function waitWithin<T>(work: Promise<T>, deadline: CallerDeadline | undefined, ends: { expired(deadline: CallerDeadline): Error; cancelled(): Error }): Promise<T> {
  if (!deadline) return work;
  const signal = deadline.signal;
  return new Promise<T>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(ends.cancelled());
    };
    work.then(
      (value) => {
        finish();
        resolve(value);
      },
      (error: unknown) => {
        finish();
        reject(error);
      },
    );
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    timer = setTimeout(() => {
      finish();
      reject(ends.expired(deadline));
    }, remainingMs(deadline));
  });
}

/** How far a start had come: what the caller's error says the server did not do in time. */
export type StartPhase = 'preparing' | 'handshake' | 'listing';

const WHAT_WAS_MISSING: Record<StartPhase, string> = {
  preparing: 'was still being prepared to start (its variables or Python runtime) when the caller\'s timeout_ms ran out',
  handshake: 'did not answer initialize within the caller\'s timeout_ms',
  listing: 'answered initialize but did not list its tools within the caller\'s timeout_ms',
};

/**
 * E202 for a caller whose deadline passed while the server was still starting. The start is not
 * stopped: it has `ownLimitMs` of its own, and the next call uses it once it is up.
 */
export function startOutlastedCaller(server: string, phase: StartPhase, deadline: CallerDeadline, startingForMs: number, ownLimitMs: number): GatewayError {
  return new GatewayError(
    'E202',
    `server "${server}" ${WHAT_WAS_MISSING[phase]} of ${deadline.timeoutMs} ms; its start goes on in the background, bounded by its own ${ownLimitMs} ms connect timeout`,
    { server, timeout_ms: deadline.timeoutMs, phase, starting_for_ms: startingForMs },
    `call again in a moment (gateway.health shows "${server}" online once it is up), or pass a larger options.timeout_ms (a first start may be downloading its package); if it never comes up, check its command and its stderr in gateway.health`,
    true,
  );
}

/** E307 for a caller that was cancelled while it waited for the server to start (the start goes on). */
export function startWaitCancelled(server: string): GatewayError {
  return new GatewayError('E307', `the call was cancelled while server "${server}" was starting; the start goes on in the background`,
    { server, cause: 'client' }, null, false);
}
