// The words search works with, shared by catalog_search and the capability matcher so that a query and
// the text it is matched against are always cut the same way. Two levels:
//   tokenize   — lower-cased words; what the discovery tiers compare and quote back ("issues")
//   terms      — those words reduced to a stem, so "invoice"/"invoices", "create"/"creating" and
//                "echo"/"echoed" meet; what rankings count
// The stemmer is porter2 (the Snowball English algorithm, "Porter2"): tiny, no dependencies, no native code.
import { stem } from 'porter2';

const STOP_WORD_LIST =
  'a an and are as at be by can do for from how i in is it me my of on or please the this to tool tools use using want what with';
const STOP_WORDS = new Set(STOP_WORD_LIST.split(' '));
// Their stems too, so "uses" or "wanted" are as empty as "use" and "want".
const STOP_STEMS = new Set(STOP_WORD_LIST.split(' ').map((word) => stem(word)));

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
const DOUBLED_END = /(bb|dd|ff|gg|mm|nn|pp|rr|tt)$/;

/** The stem of one lower-cased word. */
export function stemWord(word: string): string {
  const stemmed = stem(word);
  return DOUBLED_END.test(stemmed) ? stemmed.slice(0, -1) : stemmed;
}

export interface Term {
  /** The word as written, lower-cased: what a partial word is compared with. */
  word: string;
  stem: string;
}

function keep(word: string): Term | null {
  if (word.length < 2 || STOP_WORDS.has(word)) return null; // a lone letter ("s" of "user's") selects nothing
  const stemmed = stemWord(word);
  return STOP_STEMS.has(stemmed) ? null : { word, stem: stemmed };
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
