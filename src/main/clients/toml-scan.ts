// Where each statement of a TOML file starts and ends, so an edit can replace exactly one table's lines
// or one key's value and leave every other byte alone. Hand-written because TOML libraries give data,
// not positions. The file has already passed the TOML reader (runtime/toml/parse.ts, TOML 1.1), so this
// only has to find boundaries: it tracks strings, arrays, inline tables (which may span lines in 1.1)
// and comments well enough that a "[" inside a multi-line array is never taken for a header.

export interface TomlStatement {
  kind: 'table' | 'array-table' | 'pair';
  /** The header's keys, or a pair's (dotted) key. */
  keys: string[];
  /** Start of the statement's first line, and just past the line break that ends its last line. */
  start: number;
  end: number;
  /** For a pair: its value's text (a trailing comment lies outside). */
  valueStart: number;
  valueEnd: number;
  /** 1-based line of the statement's start. */
  line: number;
}

const ESCAPES: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', e: '\u001b', '"': '"', '\\': '\\' };

function skipSpaces(text: string, pos: number): number {
  while (text[pos] === ' ' || text[pos] === '\t') pos++;
  return pos;
}

/** Just past the line break that ends the line holding `pos` (or the end of the text). */
function nextLine(text: string, pos: number): number {
  const newline = text.indexOf('\n', pos);
  return newline < 0 ? text.length : newline + 1;
}

/** Just past the string starting at `pos` (any of TOML's four kinds). */
function skipString(text: string, pos: number): number {
  const quote = text[pos] as string;
  if (text.startsWith(quote.repeat(3), pos)) {
    let i = pos + 3;
    while (i < text.length) {
      if (quote === '"' && text[i] === '\\') i += 2;
      else if (text.startsWith(quote.repeat(3), i)) {
        i += 3;
        // Up to two more quotes belong to the content ("""a"""" ends with one quote inside).
        for (let extra = 0; extra < 2 && text[i] === quote; extra++) i++;
        return i;
      } else i++;
    }
    return text.length;
  }
  let i = pos + 1;
  while (i < text.length && text[i] !== quote) i += quote === '"' && text[i] === '\\' ? 2 : 1;
  return i + 1;
}

function skipValue(text: string, pos: number): number {
  const first = text[pos];
  if (first === '"' || first === "'") return skipString(text, pos);
  if (first === '[' || first === '{') {
    let depth = 0;
    let i = pos;
    while (i < text.length) {
      const ch = text[i] as string;
      if (ch === '"' || ch === "'") {
        i = skipString(text, i);
        continue;
      }
      if (ch === '#') {
        i = nextLine(text, i);
        continue;
      }
      if (ch === '[' || ch === '{') depth++;
      if (ch === ']' || ch === '}') depth--;
      i++;
      if (depth === 0) return i;
    }
    return text.length;
  }
  // A number, boolean or date (which may hold a space): up to a comment or the line's end.
  let i = pos;
  while (i < text.length && text[i] !== '\n' && text[i] !== '#') i++;
  while (i > pos && /[ \t\r]/.test(text[i - 1] as string)) i--;
  return i;
}

function readBasicKey(text: string, pos: number): { key: string; pos: number } {
  let key = '';
  let i = pos + 1;
  while (i < text.length && text[i] !== '"') {
    if (text[i] === '\\') {
      const code = text[i + 1] as string;
      const hex = code === 'x' ? 2 : code === 'u' ? 4 : code === 'U' ? 8 : 0;
      key += hex ? String.fromCodePoint(parseInt(text.slice(i + 2, i + 2 + hex), 16)) : (ESCAPES[code] ?? code);
      i += 2 + hex;
    } else key += text[i++];
  }
  return { key, pos: i + 1 };
}

/** A dotted key (bare, "basic" or 'literal' parts), up to the "=" or "]" that follows it. */
function readKeys(text: string, pos: number): { keys: string[]; pos: number } {
  const keys: string[] = [];
  for (;;) {
    pos = skipSpaces(text, pos);
    if (text[pos] === '"') {
      const read = readBasicKey(text, pos);
      keys.push(read.key);
      pos = read.pos;
    } else if (text[pos] === "'") {
      const close = text.indexOf("'", pos + 1);
      keys.push(text.slice(pos + 1, close));
      pos = close + 1;
    } else {
      const bare = /^[A-Za-z0-9_-]*/.exec(text.slice(pos))?.[0] ?? '';
      keys.push(bare);
      pos += bare.length;
    }
    pos = skipSpaces(text, pos);
    if (text[pos] !== '.') return { keys, pos };
    pos++;
  }
}

export function scanToml(text: string): TomlStatement[] {
  const statements: TomlStatement[] = [];
  let line = 1;
  let pos = 0;
  const advance = (to: number) => {
    for (let i = pos; i < to; i++) if (text.charCodeAt(i) === 10) line++;
    pos = to;
  };
  while (pos < text.length) {
    const start = pos;
    const at = skipSpaces(text, pos);
    const ch = text[at];
    if (ch === '\n' || ch === '\r' || ch === '#' || ch === undefined) {
      advance(nextLine(text, at));
      continue;
    }
    const startLine = line;
    if (ch === '[') {
      const array = text[at + 1] === '[';
      const read = readKeys(text, at + (array ? 2 : 1));
      const end = nextLine(text, read.pos);
      statements.push({ kind: array ? 'array-table' : 'table', keys: read.keys, start, end, valueStart: end, valueEnd: end, line: startLine });
      advance(end);
      continue;
    }
    const read = readKeys(text, at);
    const valueStart = skipSpaces(text, read.pos + 1);
    const valueEnd = skipValue(text, valueStart);
    const end = nextLine(text, valueEnd);
    statements.push({ kind: 'pair', keys: read.keys, start, end, valueStart, valueEnd, line: startLine });
    advance(end);
  }
  return statements;
}
