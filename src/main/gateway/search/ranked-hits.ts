// The best k hits of a query, in rank order, kept in a fixed set of reused slots: a query word as common
// as "get" can reach thousands of tools while an answer holds at most 100, and at 10,000 tools every
// object a query leaves behind brings the next garbage collection pause closer (issue 15). One instance
// serves every query of an index in turn (a search is synchronous).
import type { IndexedTool } from './indexed-tool';

interface Slot {
  doc: IndexedTool | null;
  segment: number;
  position: number;
  score: number;
  match: number;
}

/**
 * Whether a hit ranks before a slot: name match first, then relevance, then server order and tool_id
 * order (the segment's order, the tool's position). Two hits never tie: (segment, position) is unique.
 */
function before(match: number, score: number, segment: number, position: number, slot: Slot): boolean {
  if (match !== slot.match) return match > slot.match;
  if (score !== slot.score) return score > slot.score;
  if (segment !== slot.segment) return segment < slot.segment;
  return position < slot.position;
}

export class RankedHits {
  /** Best first; the first `size` are this query's, the rest are spare slots from earlier queries. */
  private readonly slots: Slot[] = [];
  private size = 0;
  private k = 0;

  /** Starts a query that keeps at most `k` hits. */
  reset(k: number): void {
    this.k = k;
    this.size = 0;
  }

  /** Whether a hit would be kept: lets the caller skip a hit that cannot make the cut. */
  admits(match: number, score: number, segment: number, position: number): boolean {
    if (this.size < this.k) return true;
    return this.k > 0 && before(match, score, segment, position, this.slots[this.k - 1] as Slot);
  }

  /** Keeps the hit if it ranks among the best k (the last one drops out when full). */
  offer(doc: IndexedTool, match: number, score: number, segment: number, position: number): void {
    if (!this.admits(match, score, segment, position)) return;
    // The slot the hit takes: the next free one, or the one of the hit that drops out.
    let at = this.size < this.k ? this.size++ : this.k - 1;
    const slot = this.slots[at] ?? { doc: null, segment: 0, position: 0, score: 0, match: 0 };
    slot.doc = doc;
    slot.match = match;
    slot.score = score;
    slot.segment = segment;
    slot.position = position;
    while (at > 0 && before(match, score, segment, position, this.slots[at - 1] as Slot)) {
      this.slots[at] = this.slots[at - 1] as Slot;
      at--;
    }
    this.slots[at] = slot;
  }

  /** This query's hits, best first; the slots let go of their tools so a dropped server is not held. */
  take(): IndexedTool[] {
    const docs = new Array<IndexedTool>(this.size);
    for (let i = 0; i < this.size; i++) {
      const slot = this.slots[i] as Slot;
      docs[i] = slot.doc as IndexedTool;
      slot.doc = null;
    }
    this.size = 0;
    return docs;
  }
}
