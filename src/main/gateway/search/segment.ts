// The inverted index of one server's offered tools: stem → the tools holding it. Built once per tool
// list (a server's list only changes when it connects, re-reads after list_changed, or goes away), so
// a query reads only the postings of its own words.
import type { IndexedTool } from './indexed-tool';

export interface Postings {
  /** Positions in Segment.docs. */
  docs: number[];
  /** The stem's weighted count in each of those tools (0 when it is only in a tag). */
  counts: number[];
  /** Whether the stem is in the tool's name, short description or tags. */
  visible: boolean[];
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
  private readonly byName = new Map<string, number[]>();

  constructor(
    readonly server: string,
    tools: readonly IndexedTool[],
  ) {
    this.docs = [...tools].sort((a, b) => collator.compare(a.card.tool_id, b.card.tool_id));
    let totalLength = 0;
    this.docs.forEach((doc, position) => {
      totalLength += doc.length;
      for (const stem of new Set([...doc.counts.keys(), ...doc.visible])) {
        let list = this.postings.get(stem);
        if (!list) this.postings.set(stem, (list = { docs: [], counts: [], visible: [] }));
        const count = doc.counts.get(stem) ?? 0;
        list.docs.push(position);
        list.counts.push(count);
        list.visible.push(doc.visible.has(stem));
        if (count) this.frequency.set(stem, (this.frequency.get(stem) ?? 0) + 1);
      }
      for (const [word, stem] of doc.visibleWords) this.wordStems.set(word, stem);
      const named = this.byName.get(doc.lowerName);
      if (named) named.push(position);
      else this.byName.set(doc.lowerName, [position]);
    });
    this.totalLength = totalLength;
    this.words = [...this.wordStems.keys()].sort();
  }

  /** Tools whose lower-cased name is exactly `name`. */
  named(name: string): readonly number[] {
    return this.byName.get(name) ?? [];
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
