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
  /** A tool name's stems, joined by spaces → its tools: where "archived" finds `archive` (and, as a prefix, `archive_list`). */
  readonly stemNames = new Map<string, Place[]>();
  docCount = 0;
  totalLength = 0;
  // Both name maps sorted, for prefix lookups; rebuilt on the first lookup after a change.
  private sortedNames: Sorted | null = null;
  private sortedStemNames: Sorted | null = null;

  add(segment: Segment): void {
    this.count(segment, 1);
  }

  remove(segment: Segment): void {
    this.count(segment, -1);
  }

  /** The tools whose lower-cased name starts with `prefix` and is longer than it. */
  namesStartingWith(prefix: string): Place[] {
    this.sortedNames ??= sorted(this.names);
    return startingWith(this.sortedNames, prefix);
  }

  /** The tools whose name stems start with these stems and go on. */
  stemNamesStartingWith(stems: readonly string[]): Place[] {
    this.sortedStemNames ??= sorted(this.stemNames);
    return startingWith(this.sortedStemNames, `${stems.join(' ')} `);
  }

  private count(segment: Segment, sign: 1 | -1): void {
    this.docCount += sign * segment.docs.length;
    this.totalLength += sign * segment.totalLength;
    this.sortedNames = null;
    this.sortedStemNames = null;
    for (const [stem, n] of segment.frequency) bump(this.frequency, stem, sign * n);
    for (const [stem, postings] of segment.postings) {
      bump(this.present, stem, sign);
      if (sign > 0) append(this.lists, stem, { segment, postings });
      else drop(this.lists, stem, (entry) => entry.segment === segment);
    }
    segment.docs.forEach((doc: IndexedTool, position) => {
      const stems = doc.nameStems.join(' ');
      if (sign > 0) {
        append(this.names, doc.lowerName, { segment, position });
        if (stems) append(this.stemNames, stems, { segment, position });
      } else {
        drop(this.names, doc.lowerName, (place) => place.segment === segment);
        if (stems) drop(this.stemNames, stems, (place) => place.segment === segment);
      }
    });
  }
}

type Sorted = { key: string; place: Place }[];

function sorted(map: Map<string, Place[]>): Sorted {
  const entries = [...map].flatMap(([key, places]) => places.map((place) => ({ key, place })));
  return entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The places whose key starts with `prefix` and is longer than it, by binary search. */
function startingWith(entries: Sorted, prefix: string): Place[] {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((entries[mid] as Sorted[number]).key < prefix) low = mid + 1;
    else high = mid;
  }
  const found: Place[] = [];
  for (let i = low; i < entries.length; i++) {
    const { key, place } = entries[i] as Sorted[number];
    if (!key.startsWith(prefix)) break;
    if (key !== prefix) found.push(place);
  }
  return found;
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
