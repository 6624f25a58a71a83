import type { HealthRow } from '../../shared/domain';

/** Points kept per server for its sparkline. */
export const HISTORY_POINTS = 30;

export type LatencyHistory = Readonly<Record<string, readonly number[]>>;

/**
 * The p50 trend the rows draw: a point is added whenever a snapshot shows new calls for the server (its
 * latency count grew), so an idle server's line does not fill with repeats. Returns the same object when
 * nothing changed, so the rows that read it do not re-render.
 */
export function nextHistory(history: LatencyHistory, counts: Map<string, number>, rows: readonly HealthRow[]): LatencyHistory {
  let next: Record<string, readonly number[]> | null = null;
  for (const row of rows) {
    const seen = counts.get(row.name);
    counts.set(row.name, row.latency.count);
    if (row.latency.p50_ms === null || seen === row.latency.count) continue;
    next ??= { ...history };
    next[row.name] = [...(history[row.name] ?? []), row.latency.p50_ms].slice(-HISTORY_POINTS);
  }
  return next ?? history;
}
