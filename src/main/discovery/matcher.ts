// request_capability's decision, pure and deterministic (contract §2.5): one answer for a plain-language
// need — an installed CLI, a server (configured, manifest or registered), or not_available — with a
// one-line reason and the runners-up. How it decides:
//   1. the need's content words, what it rules out ("without docker", "no API key") and typo fixes;
//   2. the unknown-service guard: a product nobody knows ("post to Zendeskish") is not_available
//      rather than a loosely related match, unless the need also names something known;
//   3. every candidate scored alike: each query word's rarity times the field it is found in (name,
//      keywords, description, category words), so "scrape a website" meets scrapers, not a CMS, and a
//      lone "I" or a flag's letter meets nothing;
//   4. enough of the need must be explained by the best candidate, or the answer is not_available;
//   5. an installed CLI that explains the need about as well as the best server wins: it is the
//      simplest answer — unless the need asks for a server.
// The registry tier and the answer shape live in the tool (gateway/tools/discovery/request-capability.ts).
import { stemWord } from '../common/search-words';
import { isCommonEnglishWord } from './english-words';
import { buildMatchIndex, FIELD, type ConfiguredText, type DocSource, type MatchDoc, type MatchIndex } from './match-index';
import { needWords } from './need-words';
import { unknownServices } from './service-guard';
import { closestWord } from './typo';
import type { Manifest } from './types';

export type ConfiguredInfo = ConfiguredText;

export interface MatchInput {
  query: string;
  manifest: Manifest;
  configured: ConfiguredInfo[];
  discovered: string[];
  /** CLI name → path for the CLIs known to be installed. */
  availableClis: Map<string, string | null>;
}

export interface RankedCandidate {
  id: string;
  kind: 'cli' | 'server';
  source: DocSource;
  /** 0..1 against the best candidate of this answer. */
  score: number;
  /** The query words this candidate explains, as the query wrote them. */
  hits: string[];
  category: string | null;
}

export interface Decision {
  answer: 'use_cli' | 'server' | 'not_available';
  /** The CLI or server chosen; null for not_available. */
  name: string | null;
  /** One line: why this answer. */
  reason: string;
  /** Candidates best first (the chosen one first), CLIs only when installed; near misses for not_available. */
  ranked: RankedCandidate[];
  /** Set when the need is generic for one category and several of its servers fit equally well. */
  category: string | null;
  /** Product names the guard did not recognise. */
  unknown: string[];
  /** Typo fixes applied: [as written, read as]. */
  corrections: [string, string][];
  negated: string[];
}

/** How much of the need the best candidate must explain (by word rarity), or the answer is not_available. */
export const MIN_COVERAGE = 0.35;
/** An installed CLI wins when it explains at least this share of what the best server does. */
export const CLI_PREFERENCE = 0.8;
/** A configured server is already set up: it wins a close call against one that would need installing. */
const CONFIGURED_BONUS = 1.15;

interface Scored {
  doc: MatchDoc;
  raw: number;
  coverage: number;
  hits: string[];
  named: boolean;
}

const indexCache = new WeakMap<Manifest, { key: string; index: MatchIndex }>();

function indexFor(input: MatchInput): MatchIndex {
  const key = JSON.stringify([input.configured, input.discovered]);
  const hit = indexCache.get(input.manifest);
  if (hit?.key === key) return hit.index;
  const index = buildMatchIndex(input.manifest, input.configured, input.discovered);
  indexCache.set(input.manifest, { key, index });
  return index;
}

/** Word → stem, with unknown words read as the closest known one ("postgress" → "postgres"). */
function correctWords(words: string[], index: MatchIndex): { stems: Map<string, string>; corrections: [string, string][] } {
  const known = new Set([...index.vocabulary.keys()].map(stemWord));
  const stems = new Map<string, string>();
  const corrections: [string, string][] = [];
  for (const word of words) {
    const stem = stemWord(word);
    // A known stem, a number-bearing word or a real English word is read as written.
    if (known.has(stem) || /\d/.test(word) || isCommonEnglishWord(word)) {
      stems.set(word, stem);
      continue;
    }
    const fixed = closestWord(word, index.vocabulary.keys(), (candidate) => index.vocabulary.get(candidate) ?? 0);
    if (fixed) corrections.push([word, fixed]);
    stems.set(word, stemWord(fixed ?? word));
  }
  return { stems, corrections };
}

function mentions(query: string, words: readonly string[]): boolean {
  if (!words.length) return false;
  const pattern = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s_-]*');
  return new RegExp(`(^|[^a-z0-9])${pattern}($|[^a-z0-9])`, 'i').test(query);
}

function score(doc: MatchDoc, stems: Map<string, string>, index: MatchIndex, total: number, query: string): Scored {
  let raw = 0;
  let covered = 0;
  const hits: string[] = [];
  for (const [word, stem] of stems) {
    const weight = doc.weights.get(stem);
    if (!weight) continue;
    const idf = index.idf(stem);
    raw += idf * weight;
    // A word in the name or keywords explains the need; one in the description less so; one only in
    // the category's list says what kind of thing, not which.
    covered += idf * (weight >= FIELD.keyword ? 1 : weight >= FIELD.description ? 0.75 : 0.5);
    hits.push(word);
  }
  const named = mentions(query, doc.nameWords);
  return { doc, raw: doc.source === 'configured' ? raw * CONFIGURED_BONUS : raw, coverage: total ? covered / total : 0, hits, named };
}

function ranked(list: Scored[], best: number): RankedCandidate[] {
  return list.map((s) => ({ id: s.doc.id, kind: s.doc.kind, source: s.doc.source, score: best > 0 ? Math.round((s.raw / best) * 100) / 100 : 0, hits: s.hits, category: s.doc.category }));
}

const quote = (words: readonly string[]) => words.map((w) => `"${w}"`).join(', ');

export function matchCapability(input: MatchInput): Decision {
  const need = needWords(input.query);
  const index = indexFor(input);
  const base = { category: null, unknown: [] as string[], negated: need.negated };
  if (!need.words.length) {
    return { ...base, answer: 'not_available', name: null, reason: 'not_available: the need has no word to match (only short or common words).', ranked: [], corrections: [] };
  }
  const { stems, corrections } = correctWords(need.words, index);
  const fixes = corrections.length ? ` (read ${corrections.map(([a, b]) => `"${a}" as "${b}"`).join(', ')})` : '';
  // Rarer words say more: a word no candidate knows counts fully against coverage, capped so one odd
  // word does not outweigh the rest.
  const maxIdf = index.idf('\u0000');
  const total = [...stems.values()].reduce((sum, stem) => sum + Math.min(index.idf(stem), maxIdf * 0.75), 0);

  const negatedStems = new Set(need.negated.map(stemWord));
  const eligible = index.docs.filter((doc) => {
    if (doc.kind === 'cli' && (need.wantsServer || !input.availableClis.has(doc.id))) return false;
    if ([...negatedStems].some((stem) => doc.identity.has(stem))) return false;
    if (need.noCredentials && doc.needsCredential) return false;
    return true;
  });
  const scored = eligible.map((doc) => score(doc, stems, index, total, input.query)).filter((s) => s.raw > 0);
  // By score, then name, so equal scores always answer the same.
  scored.sort((a, b) => b.raw - a.raw || a.doc.id.localeCompare(b.doc.id));

  const knownWord = (token: string) => index.vocabulary.has(token) || corrections.some(([from]) => from === token);
  const unknown = unknownServices(input.query, { has: knownWord });
  const named = scored.filter((s) => s.named);
  if (unknown.length && !named.length) {
    return { ...base, unknown, answer: 'not_available', name: null, corrections, ranked: ranked(scored.slice(0, 3), scored[0]?.raw ?? 0), reason: `not_available: nothing local knows ${quote(unknown)}; ask the registry.${fixes}` };
  }

  const bestServer = scored.find((s) => s.doc.kind === 'server');
  const bestCli = scored.find((s) => s.doc.kind === 'cli');
  const top = scored[0];
  if (!top || (!top.named && top.coverage < MIN_COVERAGE)) {
    const near = top ? ` (closest: '${top.doc.id}' explains ${Math.round(top.coverage * 100)}% of it)` : '';
    return { ...base, answer: 'not_available', name: null, corrections, ranked: ranked(scored.slice(0, 3), top?.raw ?? 0), reason: `not_available: no installed CLI or known server covers ${quote(need.words)}${near}.${fixes}` };
  }

  // The CLI is the simplest answer when it explains the need about as well as the best server does. A
  // need that names a server ("postgres") still goes to a CLI made for that service (psql says "postgres").
  const cliServes = (cli: Scored, server: Scored) => server.doc.nameWords.every((w) => cli.doc.identity.has(stemWord(w)));
  const cliWins =
    bestCli !== undefined &&
    bestCli.coverage >= MIN_COVERAGE &&
    (!bestServer ||
      (bestServer.named && !bestCli.named
        ? cliServes(bestCli, bestServer) && bestCli.coverage >= CLI_PREFERENCE * bestServer.coverage
        : bestCli.raw >= CLI_PREFERENCE * bestServer.raw));
  const chosen = cliWins ? (bestCli as Scored) : (bestServer ?? top);
  const order = [chosen, ...scored.filter((s) => s !== chosen)];
  const list = ranked(order.slice(0, 10), chosen.raw);
  const why = chosen.named ? `the need names '${chosen.doc.id}'` : `matched ${quote(chosen.hits)}`;

  if (chosen.doc.kind === 'cli') {
    const over = bestServer ? `; simpler than the server '${bestServer.doc.id}'` : '';
    return { ...base, answer: 'use_cli', name: chosen.doc.id, corrections, ranked: list, reason: `use_cli:${chosen.doc.id}: installed CLI, ${why}${over}.${fixes}` };
  }
  // A generic need for one category ("read files") that several of its servers meet about equally.
  const peers = order.filter((s) => s.doc.kind === 'server' && s.doc.category && s.doc.category === chosen.doc.category && s.raw >= chosen.raw * 0.8);
  const category = !chosen.named && peers.length >= 3 ? chosen.doc.category : null;
  const from = chosen.doc.source === 'configured' ? 'configured server' : chosen.doc.source === 'discovered' ? 'registered server' : 'manifest server';
  return { ...base, category, answer: 'server', name: chosen.doc.id, corrections, ranked: list, reason: `server:${chosen.doc.id}: ${from}, ${why}${category ? ` (one of ${peers.length} '${category}' servers)` : ''}.${fixes}` };
}
