// The best k of many, in order, without sorting them all: a query word as common as "get" can match
// thousands of tools while an answer holds at most 100.

/** The first `k` items under `compare` (negative: a before b), sorted. */
export function topK<T>(items: Iterable<T>, k: number, compare: (a: T, b: T) => number): T[] {
  const best: T[] = [];
  if (k <= 0) return best;
  for (const item of items) {
    if (best.length === k && compare(item, best[k - 1] as T) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compare(best[mid] as T, item) <= 0) low = mid + 1;
      else high = mid;
    }
    best.splice(low, 0, item);
    if (best.length > k) best.pop();
  }
  return best;
}
