// request_capability's local tiers, pure and deterministic (contract §2.5): a server named in the
// query; the unknown-service guard (before any CLI, so "post to Slack" never becomes curl); an
// available CLI; a manifest category; BM25 over server keywords. The registry tier and the answer
// shape live in the tool.
import { nameWords, stemWord, tokenize } from '../common/search-words';
import { queryTerms, rankDocs, sameWord, weightedTerms, type Doc, type Scored } from './bm25';
import { unknownServices } from './service-guard';
import type { CliEntry, Manifest } from './types';

export interface ConfiguredInfo {
  name: string;
  /** Tool names and descriptions, so a configured server is found by what it can do. */
  text: string;
}

export interface MatchInput {
  query: string;
  manifest: Manifest;
  configured: ConfiguredInfo[];
  discovered: string[];
  /** CLI name → path for the CLIs known to be installed. */
  availableClis: Map<string, string | null>;
}

export type Match =
  | { tier: 'named'; names: string[] }
  | { tier: 'guard'; unknown: string[] }
  | { tier: 'cli'; cli: CliEntry; path: string | null; reason: string }
  | { tier: 'category'; category: string; ranked: Scored[] }
  | { tier: 'keywords'; ranked: Scored[] }
  | { tier: 'none' };

function mentions(query: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^a-z0-9-])${escaped}($|[^a-z0-9-])`, 'i').test(query);
}

export function vocabulary(input: MatchInput): Set<string> {
  const words = new Set<string>();
  const add = (text: string) => {
    for (const t of tokenize(text.replace(/[-_]/g, ' '))) words.add(t);
  };
  for (const s of input.manifest.servers.values()) add(`${s.name} ${s.keywords.join(' ')} ${s.description} ${s.category ?? ''}`);
  for (const c of input.manifest.clis.values()) add(`${c.name} ${c.keywords.join(' ')} ${c.description}`);
  for (const c of input.manifest.categories.values()) add(`${c.name} ${c.keywords.join(' ')} ${c.description}`);
  for (const c of input.configured) add(`${c.name} ${c.text}`);
  for (const d of input.discovered) add(d);
  return words;
}

export function matchCapability(input: MatchInput): Match {
  const { query, manifest } = input;
  const terms = queryTerms(query);
  const wantsServer = /\b(server|mcp)\b/i.test(query);
  const serverNames = [...new Set([...input.configured.map((c) => c.name), ...manifest.servers.keys(), ...input.discovered])];
  // A name that is also an installed CLI ("git commits") is the CLI's unless the query asks for a server.
  const named = serverNames.filter((name) => mentions(query, name) && (wantsServer || !input.availableClis.has(name)));
  if (named.length) return { tier: 'named', names: named };

  const unknown = unknownServices(query, vocabulary(input));
  if (unknown.length) return { tier: 'guard', unknown };

  const cliDocs: Doc[] = [...manifest.clis.values()].filter((c) => input.availableClis.has(c.name)).map((c) => ({ id: c.name, terms: weightedTerms(c.name, c.keywords, c.description) }));
  for (const { id } of rankDocs(cliDocs, terms)) {
    const cli = manifest.clis.get(id) as CliEntry;
    const keywordHits = terms.filter((t) => cli.keywords.some((k) => tokenize(k).some((word) => sameWord(word, t))));
    if (terms.includes(cli.name) || keywordHits.length >= 2) {
      const reason = terms.includes(cli.name) ? 'Matched query against CLI name.' : `Matched query against CLI keywords (${keywordHits.join(', ')}).`;
      return { tier: 'cli', cli, path: input.availableClis.get(id) ?? null, reason };
    }
    break; // only the best-ranked CLI may win; weaker ones would be guesses
  }

  const serverDocs: Doc[] = [
    ...[...manifest.servers.values()].map((s) => ({ id: s.name, terms: weightedTerms(s.name, s.keywords, s.description) })),
    ...input.configured.filter((c) => !manifest.servers.has(c.name)).map((c) => ({ id: c.name, terms: weightedTerms(c.name, nameWords(c.name), c.text) })),
  ];
  let bestCategory: { name: string; hits: number } | null = null;
  for (const category of manifest.categories.values()) {
    // Compared by stem, like the ranking: "remember a fact" hits a category whose keyword is "facts".
    const stems = new Set([category.name, ...category.keywords.flatMap((k) => tokenize(k))].map(stemWord));
    const hits = terms.filter((t) => stems.has(stemWord(t))).length;
    if (hits && (!bestCategory || hits > bestCategory.hits)) bestCategory = { name: category.name, hits };
  }
  if (bestCategory) {
    const members = [...manifest.servers.values()].filter((s) => s.category === bestCategory.name).map((s) => s.name);
    const ranked = rankDocs(serverDocs.filter((d) => members.includes(d.id)), terms);
    const rest = members.filter((m) => !ranked.some((r) => r.id === m)).map((id) => ({ id, score: 0.5 }));
    if (members.length) return { tier: 'category', category: bestCategory.name, ranked: [...ranked, ...rest] };
  }
  const ranked = rankDocs(serverDocs, terms);
  return ranked.length ? { tier: 'keywords', ranked: ranked.slice(0, 5) } : { tier: 'none' };
}
