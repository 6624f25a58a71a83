// Which segments hold a query's scratch (scores, reached flags, name matches), so that only those are read
// and reset at the end. One per index, reused by every query in turn (a search is synchronous): a query
// allocates nothing here.
import type { Scratch } from './name-matches';
import type { Segment } from './segment';

export class QueryScratch implements Scratch {
  /** The segments holding scratch: the first `count`. */
  readonly active: (Segment | null)[] = [];
  count = 0;
  /** Tools reached, over every segment. */
  reachedCount = 0;

  activate(segment: Segment): void {
    if (segment.active) return;
    segment.active = true;
    this.active[this.count++] = segment;
  }

  reach(segment: Segment, position: number): void {
    this.activate(segment);
    segment.touched[segment.touchedCount++] = position;
    this.reachedCount++;
  }

  name(segment: Segment, position: number): void {
    this.activate(segment);
    segment.named[segment.namedCount++] = position;
  }

  /** Resets every entry this query wrote, and forgets the segments (one may leave the index next). */
  clear(): void {
    for (let s = 0; s < this.count; s++) {
      const segment = this.active[s] as Segment;
      const { touched, scores, reached, named, nameMatch } = segment;
      for (let i = 0; i < segment.touchedCount; i++) {
        const position = touched[i] as number;
        scores[position] = 0;
        reached[position] = 0;
      }
      for (let i = 0; i < segment.namedCount; i++) nameMatch[named[i] as number] = 0;
      segment.touchedCount = 0;
      segment.namedCount = 0;
      segment.active = false;
    }
    this.active.fill(null, 0, this.count);
    this.count = 0;
    this.reachedCount = 0;
  }
}
