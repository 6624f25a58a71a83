// catalog_search's persistent index: one Segment per server, kept until that server's tool list (or the
// policy) changes. Each search first hands over the current lists; a list it already holds is known by
// identity (the supervisor replaces a server's array on every connect and list_changed re-read, and the
// descriptions cache replaces a server's entry on every write), so an unchanged catalog costs one
// comparison per server and a changed server is re-indexed alone. A query then reads only the postings
// of its own words, and ranks by BM25 with the whole catalog's statistics.
import type { Tool } from '@modelcontextprotocol/client';
import { RISK_ORDER, type RiskHint } from '../cards';
import { indexedTools, type ToolLimits } from '../indexed-tools';
import { indexTool, type IndexedTool } from './indexed-tool';
import { nameMatch, parseQuery, type ParsedQuery } from './query';
import { collator, Segment } from './segment';
import { topK } from './top-k';

export interface CatalogSource {
  server: string;
  tools: readonly Tool[];
  availability: 'online' | 'offline';
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
/** A completed partial word counts half: a tool with the whole word ranks above a guess. */
const PARTIAL_WEIGHT = 0.5;

interface Entry {
  tools: readonly Tool[] | null;
  availability: CatalogSource['availability'];
  policy: ToolLimits | null;
  segment: Segment;
}

interface Hit {
  doc: IndexedTool;
  segment: number;
  position: number;
  score: number;
  visible: boolean;
  match: number;
}

export class CatalogIndex {
  private readonly entries = new Map<string, Entry>();
  /** Segments in server order (the tie-break after relevance). */
  private ordered: Segment[] = [];
  /** Stem → tools counting it, over the whole catalog (BM25's document frequency). */
  private readonly frequency = new Map<string, number>();
  /** Stem → segments holding any posting of it (a word "of the catalog" is never completed). */
  private readonly present = new Map<string, number>();
  private docCount = 0;
  private totalLength = 0;
  private changes = 0;
  // A server's tools are cut and stemmed once per list, whatever the policy does later.
  private readonly analysed = { online: new WeakMap<readonly Tool[], IndexedTool[]>(), offline: new WeakMap<readonly Tool[], IndexedTool[]>() };

  /** An index over tools indexed elsewhere (tests, one-off rankings): one segment per server. */
  static of(tools: readonly IndexedTool[]): CatalogIndex {
    const index = new CatalogIndex();
    const byServer = new Map<string, IndexedTool[]>();
    for (const tool of tools) {
      const list = byServer.get(tool.card.server);
      if (list) list.push(tool);
      else byServer.set(tool.card.server, [tool]);
    }
    for (const [server, list] of byServer) index.put(server, { tools: null, availability: 'online', policy: null, segment: new Segment(server, list) });
    index.reorder();
    return index;
  }

  /**
   * Brings the index to the given lists: policy first, then the per-server cap (indexedTools), exactly
   * as describe and invoke see them. Servers not in `sources` leave the index.
   */
  update(sources: readonly CatalogSource[], policy: ToolLimits): void {
    let changed = false;
    const current = new Set<string>();
    for (const source of sources) {
      current.add(source.server);
      const entry = this.entries.get(source.server);
      if (entry && entry.tools === source.tools && entry.availability === source.availability && entry.policy === policy) continue;
      const offered = indexedTools(source.server, this.analyse(source), policy, (t) => t.card.tool_name);
      this.put(source.server, { tools: source.tools, availability: source.availability, policy, segment: new Segment(source.server, offered) });
      changed = true;
    }
    for (const server of [...this.entries.keys()]) {
      if (current.has(server)) continue;
      this.drop(server);
      changed = true;
    }
    if (changed) this.reorder();
  }

  /** Counts the changes of the catalog's contents: the same number means not one server was re-indexed. */
  get generation(): number {
    return this.changes;
  }

  search(query: string, filters: SearchFilters, limit: number): SearchHits {
    const total_available = this.docCount;
    const parsed = parseQuery(query);
    const segments = filters.server ? this.ordered.filter((s) => s.server === filters.server) : this.ordered;
    const accepts = acceptor(filters);
    if (!parsed.terms.length) return { ...this.list(segments, accepts, limit), total_available };

    const weights = this.weigh(parsed);
    const hits = new Map<IndexedTool, Hit>();
    const average = this.totalLength / Math.max(this.docCount, 1);
    segments.forEach((segment, order) => {
      for (const [stem, weight] of weights) {
        const postings = segment.postings.get(stem);
        if (!postings) continue;
        const df = this.frequency.get(stem) ?? 0;
        const idf = Math.log(1 + (this.docCount - df + 0.5) / (df + 0.5));
        for (let i = 0; i < postings.docs.length; i++) {
          const position = postings.docs[i] as number;
          const doc = segment.docs[position] as IndexedTool;
          if (!accepts(doc)) continue;
          let hit = hits.get(doc);
          if (!hit) hits.set(doc, (hit = { doc, segment: order, position, score: 0, visible: false, match: 0 }));
          const tf = postings.counts[i] as number;
          if (tf) hit.score += (weight * idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / average));
          if (postings.visible[i]) hit.visible = true;
        }
      }
      // An exact name is always an answer, even when its words are all stop-words to the ranking.
      for (const position of segment.named(parsed.nameQuery)) {
        const doc = segment.docs[position] as IndexedTool;
        if (accepts(doc) && !hits.has(doc)) hits.set(doc, { doc, segment: order, position, score: 0, visible: true, match: 0 });
        const hit = hits.get(doc);
        if (hit) hit.visible = true;
      }
    });

    const candidates: Hit[] = [];
    for (const hit of hits.values()) {
      if (!hit.visible) continue;
      hit.match = nameMatch(parsed, hit.doc);
      candidates.push(hit);
    }
    const best = topK(candidates, limit, (a, b) => b.match - a.match || b.score - a.score || a.segment - b.segment || a.position - b.position);
    return { hits: best.map((h) => h.doc), total_available, truncated: candidates.length > limit };
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
      if (this.present.has(term.stem)) {
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
    this.count(entry.segment, 1);
  }

  private drop(server: string): void {
    const entry = this.entries.get(server);
    if (!entry) return;
    this.entries.delete(server);
    this.count(entry.segment, -1);
  }

  private count(segment: Segment, sign: 1 | -1): void {
    this.docCount += sign * segment.docs.length;
    this.totalLength += sign * segment.totalLength;
    for (const [stem, n] of segment.frequency) bump(this.frequency, stem, sign * n);
    for (const stem of segment.postings.keys()) bump(this.present, stem, sign);
  }

  private reorder(): void {
    this.changes++;
    this.ordered = [...this.entries.values()].map((e) => e.segment).sort((a, b) => collator.compare(a.server, b.server));
  }
}

function bump(map: Map<string, number>, key: string, by: number): void {
  const next = (map.get(key) ?? 0) + by;
  if (next) map.set(key, next);
  else map.delete(key);
}

function acceptor(filters: SearchFilters): (doc: IndexedTool) => boolean {
  const wanted = (filters.tags ?? []).map((t) => t.toLowerCase());
  const riskMax = filters.risk_max ? RISK_ORDER[filters.risk_max] : null;
  if (!wanted.length && riskMax === null) return () => true;
  return (doc) => {
    if (wanted.length && !wanted.some((tag) => doc.lowerTags.has(tag))) return false;
    if (riskMax !== null && RISK_ORDER[doc.card.risk_hint] > riskMax) return false;
    return true;
  };
}
