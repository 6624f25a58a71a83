// The catalog-wide side of the index: word statistics and lookups across every server's Segment, kept
// up to date as segments come and go (never rebuilt from the tools), so a query finds the postings of a
// word, or the tools a name could be, without visiting every server.
import type { IndexedTool } from './indexed-tool';
import type { Postings, Segment } from './segment';

export interface Place {
  segment: Segment;
  position: number;
}

export class CatalogTerms {
  /** Stem → tools counting it, over the whole catalog (BM25's document frequency). */
  readonly frequency = new Map<string, number>();
  /** Stem → segments holding any posting of it (a word "of the catalog" is never completed). */
  readonly present = new Map<string, number>();
  /** Stem → the segments with postings for it, in no particular order. */
  readonly lists = new Map<string, { segment: Segment; postings: Postings }[]>();
  /** Lower-cased tool name → its tools (one per server at most). */
  readonly names = new Map<string, Place[]>();
  /** First stem of a tool name → its tools: where "archived" looks for `archive` and `archive_list`. */
  readonly firstStems = new Map<string, Place[]>();
  docCount = 0;
  totalLength = 0;
  /** Every tool by lower-cased name, sorted for name-prefix lookups; rebuilt on the first lookup after a change. */
  private sortedNames: { name: string; place: Place }[] | null = null;

  add(segment: Segment): void {
    this.count(segment, 1);
  }

  remove(segment: Segment): void {
    this.count(segment, -1);
  }

  /** The tools whose lower-cased name starts with `prefix` and is longer than it. */
  namesStartingWith(prefix: string): Place[] {
    if (!this.sortedNames) {
      this.sortedNames = [...this.names].flatMap(([name, places]) => places.map((place) => ({ name, place })));
      this.sortedNames.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    }
    const names = this.sortedNames;
    let low = 0;
    let high = names.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((names[mid] as { name: string }).name < prefix) low = mid + 1;
      else high = mid;
    }
    const found: Place[] = [];
    for (let i = low; i < names.length; i++) {
      const { name, place } = names[i] as { name: string; place: Place };
      if (!name.startsWith(prefix)) break;
      if (name !== prefix) found.push(place);
    }
    return found;
  }

  private count(segment: Segment, sign: 1 | -1): void {
    this.docCount += sign * segment.docs.length;
    this.totalLength += sign * segment.totalLength;
    this.sortedNames = null;
    for (const [stem, n] of segment.frequency) bump(this.frequency, stem, sign * n);
    for (const [stem, postings] of segment.postings) {
      bump(this.present, stem, sign);
      if (sign > 0) append(this.lists, stem, { segment, postings });
      else drop(this.lists, stem, (entry) => entry.segment === segment);
    }
    segment.docs.forEach((doc: IndexedTool, position) => {
      const first = doc.nameStems[0];
      if (sign > 0) {
        append(this.names, doc.lowerName, { segment, position });
        if (first !== undefined) append(this.firstStems, first, { segment, position });
      } else {
        drop(this.names, doc.lowerName, (place) => place.segment === segment);
        if (first !== undefined) drop(this.firstStems, first, (place) => place.segment === segment);
      }
    });
  }
}

function append<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function drop<T>(map: Map<string, T[]>, key: string, gone: (value: T) => boolean): void {
  const kept = (map.get(key) ?? []).filter((value) => !gone(value));
  if (kept.length) map.set(key, kept);
  else map.delete(key);
}

function bump(map: Map<string, number>, key: string, by: number): void {
  const next = (map.get(key) ?? 0) + by;
  if (next) map.set(key, next);
  else map.delete(key);
}
