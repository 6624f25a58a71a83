// A panel push that coalesces bursts (a call's begin, its audit record, a health push arrive together) into
// one, 50 ms later; and, while something changes on its own without raising an event (a call's progress
// and elapsed time, an install job's stage), pushes again every `tickMs` until it settles.
const COALESCE_MS = 50;

export interface CoalescedPush {
  /** Something the view shows may have changed: push once the burst is over. */
  changed(): void;
  stop(): void;
}

export function coalescedPush(push: () => void, busy: () => boolean, tickMs: number): CoalescedPush {
  let queued = false;
  let ticker: NodeJS.Timeout | null = null;
  const stopTicking = () => {
    if (ticker) clearInterval(ticker);
    ticker = null;
  };
  const changed = () => {
    if (queued) return;
    queued = true;
    setTimeout(() => {
      queued = false;
      push();
      const moving = busy();
      if (moving && !ticker) {
        ticker = setInterval(changed, tickMs);
        ticker.unref();
      } else if (!moving) stopTicking();
    }, COALESCE_MS).unref();
  };
  return { changed, stop: stopTicking };
}
