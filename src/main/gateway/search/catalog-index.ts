// catalog_search's persistent index: one Segment per server, kept until that server's tool list (or the
// policy) changes. Each search first hands over the current lists; a list it already holds is known by
// identity (the supervisor replaces a server's array on every connect and list_changed re-read, and the
// descriptions cache replaces a server's entry on every write), so an unchanged catalog costs one
// comparison per server and a changed server is re-indexed alone. Catalog-wide maps (stem → the
// segments holding it, name → tools) are updated with it, so a query reads only the postings of its own
// words and the few tools its name could be, and ranks by BM25 with the whole catalog's statistics.
import type { Tool } from '@modelcontextprotocol/client';
import { RISK_ORDER, type RiskHint } from '../cards';
import { indexedTools, type ToolLimits } from '../indexed-tools';
import { indexTool, type IndexedTool } from './indexed-tool';
import { CatalogTerms } from './catalog-terms';
import { markNames } from './name-matches';
import { parseQuery, type ParsedQuery } from './query';
import { collator, Segment, type Postings } from './segment';
import { QueryScratch } from './query-scratch';
import { RankedHits } from './ranked-hits';
import type { Availability } from '../cards';

export interface CatalogSource {
  server: string;
  tools: readonly Tool[];
  availability: Availability;
}

export interface SearchFilters {
  server?: string | null;
  tags?: string[] | null;
  risk_max?: RiskHint | null;
}

export interface SearchHits {
  hits: IndexedTool[];
  total_available: number;
  truncated: boolean;
}

// BM25's usual constants.
const K1 = 1.2;
const B = 0.75;
/** A partial word shorter than this is not completed: "car" would find "card", "log" "login". */
const MIN_PARTIAL = 4;
/** A partial word with more completions than this is too vague to complete at all. */
const MAX_COMPLETIONS = 8;
/**
 * A reached tool costs two hash lookups (its counts and visible words) where a posting costs a few typed
 * array reads: walking up to this many postings per reached tool is still the cheaper way to add a word
 * to the reached tools (measured at 10,000 tools: 16 and 64 alike, ~15% off the bench queries' sum).
 */
const POSTINGS_PER_LOOKUP = 16;
/** A completed partial word counts half: a tool with the whole word ranks above a guess. */
const PARTIAL_WEIGHT = 0.5;

interface Entry {
  tools: readonly Tool[] | null;
  availability: CatalogSource['availability'];
  policy: ToolLimits | null;
  segment: Segment;
  /** The last update that named this server. */
  stamp: number;
}

interface Weighted {
  stem: string;
  weight: number;
}

type Listed = { segment: Segment; postings: Postings };

/** How many tools hold a word, over every segment. */
function postingCount(lists: readonly Listed[]): number {
  let count = 0;
  for (let l = 0; l < lists.length; l++) count += (lists[l] as Listed).postings.docs.length;
  return count;
}

/** What one word adds to a tool's score: BM25 with the catalog's average tool length. */
function bm25(weight: number, tf: number, length: number, average: number): number {
  return (weight * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / average));
}

export class CatalogIndex {
  private readonly entries = new Map<string, Entry>();
  /** Segments in server order (the tie-break after relevance). */
  private ordered: Segment[] = [];
  /** Word statistics and lookups over every segment. */
  private readonly terms = new CatalogTerms();
  private changes = 0;
  private stamps = 0;
  // A query's working state, reused by every query in turn (a search is synchronous): at 10,000 tools
  // what a query allocates decides how often a collection pauses it (issue 15).
  private readonly scratch = new QueryScratch();
  private readonly best = new RankedHits();
  // A server's tools are cut and stemmed once per list, whatever the policy does later.
  private readonly analysed: Record<Availability, WeakMap<readonly Tool[], IndexedTool[]>> = {
    online: new WeakMap(),
    lazy: new WeakMap(),
    starting: new WeakMap(),
    offline: new WeakMap(),
  };

  /** An index over tools indexed elsewhere (tests, one-off rankings): one segment per server. */
  static of(tools: readonly IndexedTool[]): CatalogIndex {
    const index = new CatalogIndex();
    const byServer = new Map<string, IndexedTool[]>();
    for (const tool of tools) {
      const list = byServer.get(tool.card.server);
      if (list) list.push(tool);
      else byServer.set(tool.card.server, [tool]);
    }
    for (const [server, list] of byServer) index.put(server, { tools: null, availability: 'online', policy: null, segment: new Segment(server, list), stamp: 0 });
    index.reorder();
    return index;
  }

  /**
   * Brings the index to the given lists: policy first, then the per-server cap (indexedTools), exactly
   * as describe and invoke see them. Servers not in `sources` leave the index.
   */
  update(sources: readonly CatalogSource[], policy: ToolLimits): void {
    let changed = false;
    // Entries named by this update carry its stamp; counting them tells whether any server left, without
    // a set of names per call (this runs before every search).
    const stamp = ++this.stamps;
    let named = 0;
    for (const source of sources) {
      const entry = this.entries.get(source.server);
      const counted = entry?.stamp === stamp;
      if (!counted) named++;
      if (entry && entry.tools === source.tools && entry.availability === source.availability && entry.policy === policy) {
        entry.stamp = stamp;
        continue;
      }
      const offered = indexedTools(source.server, this.analyse(source), policy, (t) => t.card.tool_name);
      this.put(source.server, { tools: source.tools, availability: source.availability, policy, segment: new Segment(source.server, offered), stamp });
      changed = true;
    }
    if (named < this.entries.size) {
      for (const [server, entry] of [...this.entries]) {
        if (entry.stamp === stamp) continue;
        this.drop(server);
        changed = true;
      }
    }
    if (changed) this.reorder();
  }

  /** Counts the changes of the catalog's contents: the same number means not one server was re-indexed. */
  get generation(): number {
    return this.changes;
  }

  search(query: string, filters: SearchFilters, limit: number): SearchHits {
    const total_available = this.terms.docCount;
    const parsed = parseQuery(query);
    const accepts = acceptor(filters);
    if (!parsed.terms.length) {
      const segments = filters.server ? this.ordered.filter((s) => s.server === filters.server) : this.ordered;
      return { ...this.list(segments, accepts, limit), total_available };
    }

    // Rarest words first: they find the few tools worth ranking, and the common words ("list", "get")
    // may then only add to those (see below) instead of walking thousands of postings.
    const weights = [...this.weigh(parsed)]
      .map(([stem, weight]) => {
        const df = this.terms.frequency.get(stem) ?? 0;
        return { stem, weight: weight * Math.log(1 + (this.terms.docCount - df + 0.5) / (df + 0.5)) };
      })
      .sort((a, b) => b.weight - a.weight || (a.stem < b.stem ? -1 : 1));
    // The most the words from w on can add to a tool's score (BM25's tf part tends to K1 + 1), summed
    // from w onwards in that order: a bound a rounding away from before could settle a query differently.
    const rest = new Float64Array(weights.length);
    for (let w = 0; w < weights.length; w++) {
      let sum = 0;
      for (let v = w; v < weights.length; v++) sum += (weights[v] as Weighted).weight * (K1 + 1);
      rest[w] = sum;
    }
    const only = filters.server ?? null;
    // The scratch is reset even if a step throws: a later query must not see this one's scores.
    try {
      // Tools whose name matches rank first whatever their score: they join before any word is read.
      markNames(this.terms, parsed, only, this.scratch);
      this.score(weights, rest, only, accepts, limit);
      return this.rank(accepts, limit, total_available);
    } finally {
      this.scratch.clear();
    }
  }

  /** Adds each word's BM25 share to the tools it reaches, rarest word first. */
  private score(weights: readonly Weighted[], rest: Float64Array, only: string | null, accepts: (doc: IndexedTool) => boolean, limit: number): void {
    const average = this.terms.totalLength / Math.max(this.terms.docCount, 1);
    const scratch = this.scratch;
    let settled = false;
    for (let w = 0; w < weights.length; w++) {
      const { stem, weight } = weights[w] as Weighted;
      // Once settled, always settled: scores only grow and the bound only shrinks.
      settled ||= this.settled(accepts, rest[w] as number, limit);
      const lists = this.terms.lists.get(stem);
      if (!lists) continue; // no tool holds the word: it adds nothing
      if (settled) {
        // More than `limit` listed tools already score above anything the remaining words could give a
        // tool not reached yet: those words only add to the tools reached (and the answer is truncated).
        // Either walk is the same sum: the word's postings, keeping the reached tools, or the reached
        // tools, looking the word up in each; the cheaper one is walked (see POSTINGS_PER_LOOKUP).
        if (postingCount(lists) < POSTINGS_PER_LOOKUP * scratch.reachedCount) this.addToReached(lists, weight, average);
        else this.addToEachReached(stem, weight, average);
        continue;
      }
      // The hot loop, on the segments' typed arrays.
      for (let l = 0; l < lists.length; l++) {
        const { segment, postings } = lists[l] as Listed;
        if (only !== null && segment.server !== only) continue;
        const { scores, reached, lengths } = segment;
        const { docs, counts, visible } = postings;
        for (let i = 0; i < docs.length; i++) {
          const position = docs[i] as number;
          if (!reached[position]) {
            reached[position] = 1;
            scratch.reach(segment, position);
          }
          const tf = counts[i] as number;
          if (tf) scores[position] = (scores[position] as number) + bm25(weight, tf, lengths[position] as number, average);
          if (visible[i]) reached[position] = 2;
        }
      }
    }
  }

  /** A word's share, added to the tools already reached, by its postings. */
  private addToReached(lists: readonly Listed[], weight: number, average: number): void {
    for (let l = 0; l < lists.length; l++) {
      const { segment, postings } = lists[l] as Listed;
      if (!segment.active) continue; // nothing reached there
      const { scores, reached, lengths } = segment;
      const { docs, counts, visible } = postings;
      for (let i = 0; i < docs.length; i++) {
        const position = docs[i] as number;
        if (!reached[position]) continue;
        const tf = counts[i] as number;
        if (tf) scores[position] = (scores[position] as number) + bm25(weight, tf, lengths[position] as number, average);
        if (visible[i]) reached[position] = 2;
      }
    }
  }

  /** A word's share, added to the tools already reached, by looking it up in each. */
  private addToEachReached(stem: string, weight: number, average: number): void {
    for (let s = 0; s < this.scratch.count; s++) {
      const segment = this.scratch.active[s] as Segment;
      for (let i = 0; i < segment.touchedCount; i++) {
        const position = segment.touched[i] as number;
        const doc = segment.docs[position] as IndexedTool;
        const tf = doc.counts.get(stem) ?? 0;
        if (tf) segment.scores[position] = (segment.scores[position] as number) + bm25(weight, tf, segment.lengths[position] as number, average);
        if (doc.visible.has(stem)) segment.reached[position] = 2;
      }
    }
  }

  /** The best `limit` of the listed tools reached (reached by a visible word or an exact name). */
  private rank(accepts: (doc: IndexedTool) => boolean, limit: number, total_available: number): SearchHits {
    let matched = 0;
    const best = this.best;
    best.reset(limit);
    for (let s = 0; s < this.scratch.count; s++) {
      const segment = this.scratch.active[s] as Segment;
      const { scores, reached, nameMatch, docs, touched, order } = segment;
      for (let i = 0; i < segment.touchedCount; i++) {
        const position = touched[i] as number;
        const doc = docs[position] as IndexedTool;
        if (reached[position] !== 2 || !accepts(doc)) continue;
        matched++;
        best.offer(doc, nameMatch[position] as number, scores[position] as number, order, position);
      }
    }
    return { hits: best.take(), total_available, truncated: matched > limit };
  }

  /** Whether more than `limit` listed tools already rank above any tool the words still unread could reach. */
  private settled(accepts: (doc: IndexedTool) => boolean, bound: number, limit: number): boolean {
    let strong = 0;
    for (let s = 0; s < this.scratch.count; s++) {
      const segment = this.scratch.active[s] as Segment;
      for (let i = 0; i < segment.touchedCount; i++) {
        const position = segment.touched[i] as number;
        if (segment.reached[position] !== 2) continue;
        if (!segment.nameMatch[position] && !((segment.scores[position] as number) > bound)) continue;
        if (!accepts(segment.docs[position] as IndexedTool)) continue;
        if (++strong > limit) return true;
      }
    }
    return false;
  }

  /** No words to rank by: everything the filters let through, in server then tool_id order. */
  private list(segments: readonly Segment[], accepts: (doc: IndexedTool) => boolean, limit: number): Omit<SearchHits, 'total_available'> {
    const hits: IndexedTool[] = [];
    for (const segment of segments) {
      for (const doc of segment.docs) {
        if (!accepts(doc)) continue;
        if (hits.length === limit) return { hits, truncated: true };
        hits.push(doc);
      }
    }
    return { hits, truncated: false };
  }

  /** Each query stem with its weight; a partial word ("repo") stands for the visible words it begins. */
  private weigh(query: ParsedQuery): Map<string, number> {
    const weights = new Map<string, number>();
    for (const term of query.terms) {
      if (this.terms.present.has(term.stem)) {
        weights.set(term.stem, 1);
        continue;
      }
      if (term.word.length < MIN_PARTIAL) continue;
      const completions = new Set<string>();
      for (const segment of this.ordered) segment.completions(term.word, completions);
      if (completions.size > MAX_COMPLETIONS) continue;
      for (const stem of completions) if (!weights.has(stem)) weights.set(stem, PARTIAL_WEIGHT);
    }
    return weights;
  }

  private analyse(source: CatalogSource): IndexedTool[] {
    const cache = this.analysed[source.availability];
    let tools = cache.get(source.tools);
    if (!tools) {
      tools = source.tools.map((tool) => indexTool(source.server, tool, source.availability));
      cache.set(source.tools, tools);
    }
    return tools;
  }

  private put(server: string, entry: Entry): void {
    this.drop(server);
    this.entries.set(server, entry);
    this.terms.add(entry.segment);
  }

  private drop(server: string): void {
    const entry = this.entries.get(server);
    if (!entry) return;
    this.entries.delete(server);
    this.terms.remove(entry.segment);
  }

  private reorder(): void {
    this.changes++;
    this.ordered = [...this.entries.values()].map((e) => e.segment).sort((a, b) => collator.compare(a.server, b.server));
    for (const [order, segment] of this.ordered.entries()) segment.order = order;
  }
}

const acceptAll = () => true;

function acceptor(filters: SearchFilters): (doc: IndexedTool) => boolean {
  const wanted = (filters.tags ?? []).map((t) => t.toLowerCase());
  const riskMax = filters.risk_max ? RISK_ORDER[filters.risk_max] : null;
  if (!wanted.length && riskMax === null) return acceptAll;
  return (doc) => {
    if (wanted.length && !wanted.some((tag) => doc.lowerTags.has(tag))) return false;
    if (riskMax !== null && RISK_ORDER[doc.card.risk_hint] > riskMax) return false;
    return true;
  };
}
