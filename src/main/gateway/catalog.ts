// The tool index behind catalog_search: a deterministic BM25 ranking over names, titles, descriptions
// and argument names. Stop-words and flag-like tokens carry no meaning and are ignored.
import type { Tool } from '@modelcontextprotocol/client';
import { nameWords, RISK_ORDER, toCard, type CapabilityCard, type RiskHint } from './cards';

const STOP_WORDS = new Set(
  'a an and are as at be by can do for from how i in is it me my of on or please the this to tool tools use using want what with'.split(' '),
);

export function tokenize(text: string): string[] {
  return text
    .split(/\s+/)
    .filter((word) => !word.startsWith('-')) // a flag such as --dry-run says nothing about the need
    .flatMap((word) => word.toLowerCase().split(/[^a-z0-9]+/))
    .filter((token) => token.length > 0 && !STOP_WORDS.has(token));
}

export interface IndexedTool {
  card: CapabilityCard;
  /** The full description, for guidance hints (cards carry only the short one). */
  description: string;
  /** Field-weighted terms: the name counts three times, the title twice. */
  terms: string[];
  nameTerms: Set<string>;
}

export function indexTool(server: string, tool: Tool, availability: 'online' | 'offline' = 'online'): IndexedTool {
  const card = toCard(server, tool, availability);
  const nameTerms = nameWords(tool.name).filter((word) => !STOP_WORDS.has(word));
  const argNames = Object.keys((tool.inputSchema.properties ?? {}) as Record<string, unknown>).flatMap(nameWords).join(' ');
  const title = tokenize(card.title ?? '');
  const terms = [...nameTerms, ...nameTerms, ...nameTerms, ...title, ...title, ...tokenize(tool.description ?? ''), ...tokenize(argNames)];
  return { card, description: tool.description ?? '', terms, nameTerms: new Set(nameTerms) };
}

export interface SearchFilters {
  server?: string | null;
  tags?: string[] | null;
  risk_max?: RiskHint | null;
}

export interface SearchResult {
  results: CapabilityCard[];
  total_available: number;
  truncated: boolean;
}

export function searchCatalog(tools: IndexedTool[], query: string, filters: SearchFilters, limit: number): SearchResult {
  const total_available = tools.length;
  const wantedTags = (filters.tags ?? []).map((t) => t.toLowerCase());
  const filtered = tools.filter(({ card }) => {
    if (filters.server && card.server !== filters.server) return false;
    if (wantedTags.length && !card.tags.some((t) => wantedTags.includes(t.toLowerCase()))) return false;
    if (filters.risk_max && RISK_ORDER[card.risk_hint] > RISK_ORDER[filters.risk_max]) return false;
    return true;
  });
  const queryTerms = [...new Set(tokenize(query))];
  const ranked = queryTerms.length ? rank(filtered, queryTerms, nameQuery(query)) : filtered.map((t) => ({ tool: t, score: 0, exact: 0, prefix: 0 }));
  ranked.sort(
    (a, b) =>
      b.exact - a.exact ||
      b.prefix - a.prefix ||
      b.score - a.score ||
      a.tool.card.server.localeCompare(b.tool.card.server) ||
      a.tool.card.tool_id.localeCompare(b.tool.card.tool_id),
  );
  return {
    results: ranked.slice(0, limit).map((r) => r.tool.card),
    total_available,
    truncated: ranked.length > limit,
  };
}

/** The query as a name to compare with: stop-words and flags removed, so they cannot change the order. */
function nameQuery(query: string): string {
  return query
    .split(/\s+/)
    .filter((word) => word && !word.startsWith('-') && !STOP_WORDS.has(word.toLowerCase()))
    .join(' ')
    .toLowerCase();
}

function rank(tools: IndexedTool[], queryTerms: string[], rawQuery: string) {
  const k1 = 1.2;
  const b = 0.75;
  const avgLength = tools.reduce((sum, t) => sum + t.terms.length, 0) / Math.max(tools.length, 1);
  const documentFrequency = new Map<string, number>();
  for (const term of queryTerms) {
    documentFrequency.set(term, tools.filter((t) => t.terms.includes(term)).length);
  }
  const scored = [];
  for (const tool of tools) {
    // A result must mention some query word in its name, description or tags, not merely in an argument.
    const visible = new Set([...tool.nameTerms, ...tokenize(tool.card.short_description), ...tool.card.tags.map((t) => t.toLowerCase())]);
    if (!queryTerms.some((term) => visible.has(term))) continue;
    let score = 0;
    for (const term of queryTerms) {
      const frequency = tool.terms.filter((t) => t === term).length;
      if (!frequency) continue;
      const df = documentFrequency.get(term) ?? 0;
      const idf = Math.log(1 + (tools.length - df + 0.5) / (df + 0.5));
      score += (idf * frequency * (k1 + 1)) / (frequency + k1 * (1 - b + (b * tool.terms.length) / avgLength));
    }
    const name = tool.card.tool_name.toLowerCase();
    scored.push({ tool, score, exact: name === rawQuery ? 1 : 0, prefix: name.startsWith(rawQuery) ? 1 : 0 });
  }
  return scored;
}
