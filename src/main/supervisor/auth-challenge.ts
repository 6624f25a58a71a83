// A strict parser for the HTTP `WWW-Authenticate` header (RFC 9110 §11.6.1, Bearer params per RFC 6750
// and RFC 9728). One header may hold several challenges, and commas separate both challenges and their
// parameters, so a split on "," is wrong: `Basic realm="a, b", Bearer scope="x"` is two challenges.
// Anything that does not follow the grammar makes the whole header unparseable (null): a half-read
// challenge could name the wrong scope or metadata URL.
//
//   challenge  = auth-scheme [ 1*SP ( token68 / #auth-param ) ]
//   auth-param = token BWS "=" BWS ( token / quoted-string )

export interface Challenge {
  /** As the server wrote it (compare case-insensitively). */
  scheme: string;
  /** Parameter names lower-cased; quoted values unescaped. */
  params: Record<string, string>;
  token68: string | null;
}

const TCHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;
const TOKEN68_CHAR = /[A-Za-z0-9\-._~+/]/;
const SPACE = /[ \t]/;
const isControl = (char: string) => char !== '\t' && (char < ' ' || char === '\x7f');

class Reader {
  pos = 0;
  constructor(readonly text: string) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  peek(): string {
    return this.text[this.pos] ?? '';
  }

  /** Skips optional whitespace; says whether some was skipped. */
  spaces(): boolean {
    const start = this.pos;
    while (SPACE.test(this.peek())) this.pos++;
    return this.pos > start;
  }

  run(pattern: RegExp): string {
    const start = this.pos;
    while (!this.done && pattern.test(this.peek())) this.pos++;
    return this.text.slice(start, this.pos);
  }

  /** A quoted-string with its quoted-pairs unescaped; null if it is not closed or holds a control byte. */
  quoted(): string | null {
    this.pos++; // the opening quote
    let value = '';
    while (!this.done) {
      const char = this.peek();
      this.pos++;
      if (char === '"') return value;
      // quoted-pair: a backslash takes the next character literally (HTAB, SP, VCHAR or obs-text).
      const literal = char === '\\' ? this.text[this.pos++] : char;
      if (literal === undefined || isControl(literal)) return null;
      value += literal;
    }
    return null;
  }

  /** Skips list separators (`,` with whitespace, empty elements allowed); says whether one was found. */
  separators(): boolean {
    let found = false;
    for (;;) {
      this.spaces();
      if (this.peek() !== ',') return found;
      this.pos++;
      found = true;
    }
  }
}

/** The token68 form (`Basic dXNlcg==`), if that is what follows the scheme; restores the position if not. */
function readToken68(reader: Reader): string | null {
  const start = reader.pos;
  const body = reader.run(TOKEN68_CHAR);
  reader.run(/=/); // trailing padding
  const end = reader.pos;
  reader.spaces();
  if (body && (reader.done || reader.peek() === ',')) return reader.text.slice(start, end);
  reader.pos = start;
  return null;
}

/** Whether the next list element is a parameter (`name =`) rather than the next challenge's scheme. */
function paramFollows(reader: Reader): boolean {
  const start = reader.pos;
  const name = reader.run(TCHAR);
  reader.spaces();
  const isParam = name !== '' && reader.peek() === '=';
  reader.pos = start;
  return isParam;
}

/**
 * Reads `name=value` pairs up to the next challenge or the end, leaving the separator before the next
 * challenge unread; null on a grammar error.
 */
function readParams(reader: Reader): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (;;) {
    const name = reader.run(TCHAR).toLowerCase();
    reader.spaces();
    if (!name || reader.peek() !== '=') return null;
    reader.pos++;
    reader.spaces();
    const value = reader.peek() === '"' ? reader.quoted() : reader.run(TCHAR) || null;
    // RFC 9110: a parameter name occurs at most once per challenge.
    if (value === null || Object.hasOwn(params, name)) return null;
    params[name] = value;
    reader.spaces();
    const mark = reader.pos;
    if (!reader.separators()) return reader.done ? params : null;
    if (reader.done || !paramFollows(reader)) {
      reader.pos = mark;
      return params;
    }
  }
}

/** What follows a scheme and its space: token68, parameters (after optional empty elements) or nothing. */
function readChallengeBody(reader: Reader, challenge: Challenge): boolean {
  challenge.token68 = readToken68(reader);
  if (challenge.token68 !== null) return true;
  const mark = reader.pos;
  reader.separators();
  if (reader.done || !paramFollows(reader)) {
    reader.pos = mark;
    return true;
  }
  const params = readParams(reader);
  if (!params) return false;
  challenge.params = params;
  return true;
}

/** Every challenge in the header, in order; null when the header does not follow the grammar. */
export function parseWwwAuthenticate(header: string): Challenge[] | null {
  const reader = new Reader(header);
  const challenges: Challenge[] = [];
  reader.separators();
  while (!reader.done) {
    const scheme = reader.run(TCHAR);
    if (!scheme) return null;
    const challenge: Challenge = { scheme, params: {}, token68: null };
    challenges.push(challenge);
    // Parameters need at least one space after the scheme: `Bearer"x"` is not a challenge.
    if (reader.spaces() && !readChallengeBody(reader, challenge)) return null;
    if (!reader.separators() && !reader.done) return null;
  }
  return challenges.length ? challenges : null;
}

/** The Bearer challenge (the one MCP authorization uses), else null. */
export function bearerChallenge(challenges: readonly Challenge[]): Challenge | null {
  return challenges.find((c) => c.scheme.toLowerCase() === 'bearer') ?? null;
}

/** A space-delimited OAuth scope value as a list (RFC 6749 §3.3), without repeats. */
export function scopeList(scope: string | undefined): string[] {
  return [...new Set((scope ?? '').split(/[ \t]+/).filter(Boolean))];
}
