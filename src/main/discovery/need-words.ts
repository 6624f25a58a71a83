// What a plain-language need says, before anything is matched: its content words, what it rules out
// ("without docker", "not playwright", "no API key") and whether it asks for a server rather than a
// command. Pure text work; the matcher decides.
import { tokenize } from '../common/search-words';

export interface NeedWords {
  /** Content words, lower-cased, in query order, without repeats, the ruled-out ones removed. */
  words: string[];
  /** Words the need rules out: candidates named so (or keyed so) are dropped. */
  negated: string[];
  /** "without an API key", "no login": only servers that need no credential qualify. */
  noCredentials: boolean;
  /** "an MCP server for …": a CLI is not the answer. */
  wantsServer: boolean;
}

// Words that carry no need of their own: how people ask, not what they ask for. catalog_search's
// stop-words (common/search-words.ts) are removed already; these are the request's own padding.
const FILLER = new Set(
  ('need needs needed want wants wanted wanna help something some someone let lets way able like would could should ' +
    'all any anything via into about our your we you us there thing things stuff also just get gets getting got make ' +
    'give show see tell look looking out over across every each which who whats am was were has have had will ' +
    'then than them they its im id ive please quickly currently cli command commands app apps server mcp ' +
    'today tomorrow yesterday now here where when why kind sort much many few good best really already ' +
    // Quantities and degrees: "the last 20", "two levels deep", "a real browser", "the whole site".
    'last first next new old recent one two three four five ten real actual entire whole full simple quick ' +
    'deep level levels up down back off under between around per but instead rather else other another own ' +
    'am pm via thru through uses used usage')
    .split(' '),
);

const CREDENTIAL_WORDS = new Set(['key', 'keys', 'token', 'tokens', 'login', 'logins', 'account', 'accounts', 'signup', 'credential', 'credentials', 'auth', 'password', 'registration']);

// "without docker", "not with psql", "no browser", "but not playwright", "instead of curl", "don't use gh".
const NEGATION =
  /\b(?:without|w\/o|not|no|never|except|excluding|avoid|avoiding|instead of|other than|rather than|don'?t use|do not use)\s+((?:(?:a|an|the|any|using|use|with|via|through|my|our|needing|requiring)\s+)*)([a-z0-9][a-z0-9.+_-]*)(?:\s+([a-z]+))?/gi;

export function needWords(query: string): NeedWords {
  const negated: string[] = [];
  let noCredentials = false;
  const kept = query.replace(NEGATION, (_whole, _lead: string, word: string, next: string | undefined) => {
    const lower = word.toLowerCase();
    const after = next?.toLowerCase();
    if (CREDENTIAL_WORDS.has(lower) || (lower === 'api' && after !== undefined && CREDENTIAL_WORDS.has(after))) {
      noCredentials = true;
      return ' ';
    }
    negated.push(lower);
    // The word after the ruled-out one stays a content word ("no browser needed" keeps nothing; "without
    // docker desktop" rules out docker), unless it only says what kind of thing was ruled out.
    return after && !['cli', 'command', 'tool', 'server', 'needed', 'required', 'installed', 'desktop', 'app'].includes(after) ? ` ${after} ` : ' ';
  });
  // Numbers ("the last 20", "10 shares") name no capability.
  const words = [...new Set(tokenize(kept).filter((w) => w.length > 1 && !/^\d+$/.test(w) && !FILLER.has(w) && !negated.includes(w)))];
  return { words, negated: [...new Set(negated)], noCredentials, wantsServer: /\bmcp\b|\b(?:an?|the)\s+server\b/i.test(query) };
}
