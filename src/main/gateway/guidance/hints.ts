// L1: a one-word code pattern for a capability card (contract §6). Derived only from the tool's name
// and description, deterministically: the same tool always gets the same hint, in every session, so
// agents can rely on it and tests can pin it.
import { nameWords } from '../cards';

export type CodeHint = 'loop' | 'filter' | 'if/else' | 'try/catch' | 'poll';

/**
 * Tie order: the more specific pattern first (a status check is poll before it is if/else), and a
 * call that changes something (`delete_rows`) is try/catch before it is loop.
 */
export const HINT_ORDER: readonly CodeHint[] = ['poll', 'filter', 'try/catch', 'if/else', 'loop'];

const WORDS: Record<CodeHint, readonly string[]> = {
  poll: ['status', 'progress', 'poll', 'wait', 'job', 'jobs', 'task', 'tasks', 'pending', 'queue', 'queued', 'async', 'operation', 'build', 'workflow'],
  filter: ['search', 'find', 'query', 'list', 'lookup', 'filter', 'grep', 'match', 'matching', 'scan', 'browse', 'select', 'ls', 'glob'],
  loop: ['batch', 'bulk', 'each', 'every', 'multiple', 'many', 'page', 'pages', 'paginate', 'paginated', 'cursor', 'iterate', 'items', 'records', 'rows', 'read', 'get', 'fetch', 'download'],
  'if/else': ['check', 'validate', 'verify', 'exists', 'exist', 'compare', 'diff', 'test', 'is', 'has', 'can', 'detect', 'classify', 'evaluate', 'lint', 'health'],
  'try/catch': ['create', 'update', 'delete', 'remove', 'write', 'send', 'post', 'put', 'patch', 'execute', 'exec', 'run', 'deploy', 'install', 'upload', 'move', 'rename', 'modify', 'commit', 'push', 'merge', 'publish', 'call', 'invoke', 'request', 'navigate', 'click'],
};

const NAME_WEIGHT = 3;
const DESCRIPTION_WEIGHT = 1;
// Long descriptions would otherwise outvote the name with incidental words.
const DESCRIPTION_WORDS = 40;

export interface HintInput {
  name: string;
  description?: string | null;
}

/** Every pattern with its score, best first (ties in HINT_ORDER). Exposed so tests can see why. */
export function rankHints(tool: HintInput): { hint: CodeHint; score: number }[] {
  const name = nameWords(tool.name);
  // Short words ("is", "can", "get", "run") carry meaning in a name but are filler in prose.
  const description = (tool.description ?? '').toLowerCase().split(/[^a-z0-9]+/).slice(0, DESCRIPTION_WORDS).filter((w) => w.length >= 4);
  return HINT_ORDER.map((hint) => {
    const words = WORDS[hint];
    const score = name.filter((w) => words.includes(w)).length * NAME_WEIGHT + description.filter((w) => words.includes(w)).length * DESCRIPTION_WEIGHT;
    return { hint, score };
  }).sort((a, b) => b.score - a.score || HINT_ORDER.indexOf(a.hint) - HINT_ORDER.indexOf(b.hint));
}

/**
 * The cap counts the characters of the pattern's keywords, not the `/` between them: PMCP's default of
 * 8 is meant to fit its own `try/catch`. A pattern over the cap gives way to the best one that fits;
 * when nothing fits the card simply has no hint.
 */
export function hintLength(hint: CodeHint): number {
  return hint.replace('/', '').length;
}

export function codeHintFor(tool: HintInput, maxLength: number): CodeHint | null {
  const scored = rankHints(tool).filter((r) => r.score > 0).map((r) => r.hint);
  // No signal at all — every call can fail, so error handling is the one pattern always worth the tokens.
  // A pattern without signal is never used as a fallback: a wrong hint is worse than none.
  const candidates: CodeHint[] = scored.length ? scored : ['try/catch'];
  return candidates.find((hint) => hintLength(hint) <= maxLength) ?? null;
}
