// The words search works with, shared by catalog_search and the capability matcher so that a query and
// the text it is matched against are always cut the same way. Two levels:
//   tokenize   — lower-cased words; what the discovery tiers compare and quote back ("issues")
//   terms      — those words reduced to a stem, so "invoice"/"invoices", "create"/"creating" and
//                "echo"/"echoed" meet; what rankings count
// The stemmer is porter2 (the Snowball English algorithm, "Porter2"): tiny, no dependencies, no native code.
import { lazyPackage } from './lazy-package';

const porter2 = lazyPackage<typeof import('porter2')>('porter2');

const STOP_WORD_LIST =
  'a an and are as at be by can do for from how i in is it me my of on or please the this to tool tools use using want what with';
const STOP_WORDS = new Set(STOP_WORD_LIST.split(' '));
// Their stems too, so "uses" or "wanted" are as empty as "use" and "want" (made on first use, like the stemmer).
let stopStems: Set<string> | undefined;

export function isStopWord(lowerCased: string): boolean {
  return STOP_WORDS.has(lowerCased);
}

/**
 * Lower-cased words split on anything not a letter or digit, without stop-words. A whitespace-separated
 * word starting with "-" is a flag (--dry-run) and says nothing about the need.
 */
export function tokenize(text: string): string[] {
  return text
    .split(/\s+/)
    .filter((word) => !word.startsWith('-'))
    .flatMap((word) => word.toLowerCase().split(/[^a-z0-9]+/))
    .filter((token) => token.length > 0 && !STOP_WORDS.has(token));
}

/** The words of an identifier, whatever its style: `deleteFile`, `delete_file`, `delete-file.v2`, `fs::read`. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

// Porter2 undoubles a final bb/dd/ff/gg/mm/nn/pp/rr/tt only after cutting a suffix ("adding" → "ad",
// "add" → "add"); undoubling every stem the same way lets the two meet.
const UNDOUBLED = new Set('bdfgmnprt');

// A catalog repeats its words endlessly ("list", "file"): stems are remembered, within a bound so that
// a stream of odd queries cannot grow the table without end.
const STEM_CACHE_LIMIT = 50_000;
const stemCache = new Map<string, string>();

/** The stem of one lower-cased word. */
export function stemWord(word: string): string {
  let stemmed = stemCache.get(word);
  if (stemmed !== undefined) return stemmed;
  stemmed = porter2().stem(word);
  const last = stemmed.length - 1;
  if (last > 0 && stemmed[last] === stemmed[last - 1] && UNDOUBLED.has(stemmed[last] as string)) stemmed = stemmed.slice(0, -1);
  if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
  stemCache.set(word, stemmed);
  return stemmed;
}

export interface Term {
  /** The word as written, lower-cased: what a partial word is compared with. */
  word: string;
  stem: string;
}

function keep(word: string): Term | null {
  if (word.length < 2 || STOP_WORDS.has(word)) return null; // a lone letter ("s" of "user's") selects nothing
  const stemmed = stemWord(word);
  stopStems ??= new Set(STOP_WORD_LIST.split(' ').map((w) => porter2().stem(w)));
  return stopStems.has(stemmed) ? null : { word, stem: stemmed };
}

/** The terms of an identifier (a tool or argument name): every word of every style, stemmed. */
export function nameTerms(name: string): Term[] {
  return nameWords(name).flatMap((word) => keep(word) ?? []);
}

/**
 * The terms of prose (a description, a title, a query). snake_case, kebab-case, dotted and `a::b` words
 * split at their punctuation. A camelCase word that starts in lower case is an identifier (`listInvoices`)
 * and splits into its words; one that starts with a capital is more often a name (`GitHub`, `PostgreSQL`)
 * and stays whole, so "github" finds it and "git" does not.
 */
export function textTerms(text: string): Term[] {
  const terms: Term[] = [];
  for (const raw of text.split(/\s+/)) {
    if (!raw || raw.startsWith('-')) continue;
    for (const run of raw.split(/[^A-Za-z0-9]+/)) {
      if (!run) continue;
      const words = /^[a-z0-9]+[A-Z]/.test(run) ? nameWords(run) : [run.toLowerCase()];
      for (const word of words) {
        const term = keep(word);
        if (term) terms.push(term);
      }
    }
  }
  return terms;
}

/** Just the stems of terms, in order (repeats kept: they count). */
export function stems(terms: readonly Term[]): string[] {
  return terms.map((term) => term.stem);
}
