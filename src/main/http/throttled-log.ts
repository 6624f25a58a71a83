// Client-caused errors (malformed requests, refused envelopes) must not let a hostile client flood the
// gateway's log: at most a burst of lines per minute get through, then one line says how many were
// dropped.
export const LOG_LINES_PER_MINUTE = 30;

export function throttled(log: (line: string) => void, perMinute = LOG_LINES_PER_MINUTE, now: () => number = Date.now): (line: string) => void {
  let windowStart = now();
  let used = 0;
  let dropped = 0;
  return (line) => {
    const t = now();
    if (t - windowStart >= 60_000) {
      if (dropped > 0) log(`(${dropped} more log lines dropped in the last minute)`);
      windowStart = t;
      used = 0;
      dropped = 0;
    }
    if (used < perMinute) {
      used += 1;
      log(line);
    } else {
      dropped += 1;
    }
  };
}
