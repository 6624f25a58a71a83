// The inverted index of one server's offered tools: stem → the tools holding it. Built once per tool
// list (a server's list only changes when it connects, re-reads after list_changed, or goes away), so
// a query reads only the postings of its own words.
import type { IndexedTool } from './indexed-tool';

export interface Postings {
  /** Positions in Segment.docs. */
  docs: Uint32Array;
  /** The stem's weighted count in each of those tools (0 when it is only in a tag). */
  counts: Uint32Array;
  /** 1 when the stem is in the tool's name, short description or tags. */
  visible: Uint8Array;
}

interface Building {
  docs: number[];
  counts: number[];
  visible: number[];
}

/** Server names and tool ids sort as catalog_search's tie-break always has (String#localeCompare). */
export const collator = new Intl.Collator();

export class Segment {
  /** The offered tools, in tool_id order: a tool's position is its tie-break rank within the server. */
  readonly docs: IndexedTool[];
  readonly postings = new Map<string, Postings>();
  /** Stem → how many tools count it (BM25's document frequency within this server). */
  readonly frequency = new Map<string, number>();
  /** Every visible word, sorted, for partial-word lookups by binary search. */
  readonly words: string[];
  readonly wordStems = new Map<string, string>();
  readonly totalLength: number;
  /** Each tool's BM25 length, by position. */
  readonly lengths: Float64Array;
  /**
   * Per-query scratch, by position: the score so far and whether the tool was reached (1) or reached by a
   * visible word (2). A search is synchronous, so one set per segment serves every query in turn; the
   * search resets the entries it touched before it returns.
   */
  readonly scores: Float64Array;
  readonly reached: Uint8Array;
  /** Per-query scratch: the name match of a tool (NameMatch), set only for the few tools whose name matches. */
  readonly nameMatch: Uint8Array;
  /**
   * Per-query scratch: positions reached (scores/reached to reset) and positions given a name match, each
   * the first `touchedCount` / `namedCount` entries. Typed and sized to the segment once (a position is
   * reached at most once per query), so a query allocates nothing here; a plain array emptied by
   * `length = 0` would drop its storage and grow it again on every query.
   */
  readonly touched: Int32Array;
  touchedCount = 0;
  readonly named: Int32Array;
  namedCount = 0;
  /** Per-query: this segment holds scratch to read and reset. */
  active = false;
  /** This segment's place in the catalog's server order (the tie-break after relevance). */
  order = 0;

  constructor(
    readonly server: string,
    tools: readonly IndexedTool[],
  ) {
    this.docs = [...tools].sort((a, b) => collator.compare(a.card.tool_id, b.card.tool_id));
    this.lengths = Float64Array.from(this.docs, (doc) => doc.length);
    this.scores = new Float64Array(this.docs.length);
    this.reached = new Uint8Array(this.docs.length);
    this.nameMatch = new Uint8Array(this.docs.length);
    this.touched = new Int32Array(this.docs.length);
    this.named = new Int32Array(this.docs.length);
    let totalLength = 0;
    const building = new Map<string, Building>();
    this.docs.forEach((doc, position) => {
      totalLength += doc.length;
      for (const stem of new Set([...doc.counts.keys(), ...doc.visible])) {
        let list = building.get(stem);
        if (!list) {
          list = { docs: [], counts: [], visible: [] };
          building.set(stem, list);
        }
        const count = doc.counts.get(stem) ?? 0;
        list.docs.push(position);
        list.counts.push(count);
        list.visible.push(doc.visible.has(stem) ? 1 : 0);
        if (count) this.frequency.set(stem, (this.frequency.get(stem) ?? 0) + 1);
      }
      for (const [word, stem] of doc.visibleWords) this.wordStems.set(word, stem);
    });
    for (const [stem, list] of building) {
      this.postings.set(stem, { docs: Uint32Array.from(list.docs), counts: Uint32Array.from(list.counts), visible: Uint8Array.from(list.visible) });
    }
    this.totalLength = totalLength;
    this.words = [...this.wordStems.keys()].sort();
  }

  /** The stems of the visible words that start with `prefix` (the word itself excluded). */
  completions(prefix: string, into: Set<string>): void {
    let low = 0;
    let high = this.words.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.words[mid] as string) < prefix) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < this.words.length; i++) {
      const word = this.words[i] as string;
      if (!word.startsWith(prefix)) break;
      if (word !== prefix) into.add(this.wordStems.get(word) as string);
    }
  }
}
