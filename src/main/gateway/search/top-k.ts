// The best k of many, in order, without sorting them all: a query word as common as "get" can match
// thousands of tools while an answer holds at most 100.

export class TopK<T> {
  private readonly best: T[] = [];

  constructor(
    private readonly k: number,
    /** Negative: a ranks before b. */
    private readonly compare: (a: T, b: T) => number,
  ) {}

  /** Whether `item` would be kept: lets a caller skip building an item that cannot make the cut. */
  admits(item: T): boolean {
    return this.k > 0 && (this.best.length < this.k || this.compare(item, this.best[this.k - 1] as T) < 0);
  }

  /** Keeps `item` if it ranks among the best k; equal items keep their order of arrival. */
  offer(item: T): void {
    if (!this.admits(item)) return;
    let low = 0;
    let high = this.best.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.compare(this.best[mid] as T, item) <= 0) low = mid + 1;
      else high = mid;
    }
    this.best.splice(low, 0, item);
    if (this.best.length > this.k) this.best.pop();
  }

  items(): T[] {
    return [...this.best];
  }
}

/** The first `k` items under `compare`, sorted (a stable sort cut at k). */
export function topK<T>(items: Iterable<T>, k: number, compare: (a: T, b: T) => number): T[] {
  const best = new TopK(k, compare);
  for (const item of items) best.offer(item);
  return best.items();
}
