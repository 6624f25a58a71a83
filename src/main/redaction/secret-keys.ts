// Decides whether a key names a secret, for the labelled built-ins (contract §5). Labels match whole
// words of the key, at its end: `api_key`, `X-Api-Key`, `DB_PASSWORD`, `clientSecret` and
// `AWS_SECRET_ACCESS_KEY` are secrets; `statuscode`, `tokenizer`, `secretary` and `token_count` are not.
// Pagination cursors and progress tokens (`next_page_token`, `progressToken`) are left alone: agents
// must be able to send them back.

const LABELS: readonly (readonly string[])[] = [
  ['api', 'key'],
  ['apikey'],
  ['secret'],
  ['secret', 'key'],
  ['password'],
  ['passwd'],
  ['pwd'],
  ['token'],
  ['bearer'],
  ['aws', 'secret'],
  ['aws', 'secret', 'key'],
  ['aws', 'secret', 'access', 'key'],
  ['aws', 'access'],
  ['aws', 'access', 'key'],
  ['aws', 'access', 'key', 'id'],
];

/**
 * Words that turn `<word>_token` into a counter, a cursor or an OAuth error code (RFC 6750's
 * `invalid_token`: what follows is the server's explanation, which users need to read) rather than a
 * credential.
 */
const NOT_CREDENTIAL_TOKEN = new Set([
  'page', 'next', 'prev', 'previous', 'continuation', 'sync', 'cursor', 'pagination', 'progress',
  'max', 'min', 'num', 'total', 'input', 'output', 'invalid', 'expired', 'revoked',
]);

/** `X-Api-Key` → [x, api, key]; `clientSecret` → [client, secret]; `APIKey` → [api, key]. */
export function keyWords(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/gu, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/gu, '$1 $2')
    .split(/[\s_.-]+/u)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

// Keys repeat across messages (`type`, `text`, `content`): the answer is remembered, in a bounded map.
const KNOWN_KEYS_MAX = 4096;
const knownKeys = new Map<string, boolean>();

export function isSecretKey(key: string): boolean {
  const known = knownKeys.get(key);
  if (known !== undefined) return known;
  const answer = decideSecretKey(key);
  if (knownKeys.size >= KNOWN_KEYS_MAX) knownKeys.clear();
  knownKeys.set(key, answer);
  return answer;
}

function decideSecretKey(key: string): boolean {
  const words = keyWords(key);
  return LABELS.some((label) => {
    if (label.length > words.length) return false;
    const offset = words.length - label.length;
    if (!label.every((word, index) => words[offset + index] === word)) return false;
    return !(label.length === 1 && label[0] === 'token' && offset > 0 && NOT_CREDENTIAL_TOKEN.has(words[offset - 1] as string));
  });
}

/** Values that cannot be a secret: redacting them would hide information and protect nothing. */
export function isHarmlessValue(value: string): boolean {
  return /^(?:true|false|null|none|nil|undefined|\[REDACTED\]|\$\{[A-Za-z_][A-Za-z0-9_]*(?::-[^}]*)?\})$/iu.test(value);
}
