// TOML 1.0 scalars: strings (four kinds), integers, floats, booleans and the four date-time kinds.
import { Cursor, isForbiddenControl } from './cursor';

/** Dates are kept as their text plus their kind: nothing in Gatehouse computes with them. */
export class TomlDateTime {
  constructor(
    readonly kind: 'offset-datetime' | 'local-datetime' | 'local-date' | 'local-time',
    readonly text: string,
  ) {}
}

const ESCAPES: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\' };

export function parseString(c: Cursor): string {
  if (c.startsWith('"""')) return multiline(c, '"');
  if (c.startsWith("'''")) return multiline(c, "'");
  if (c.peek() === '"') return basic(c);
  if (c.peek() === "'") return literal(c);
  return c.fail('expected a string');
}

function basic(c: Cursor): string {
  const start = c.pos;
  c.pos++;
  let out = '';
  for (;;) {
    if (c.done || c.atNewline()) c.fail('unterminated string', start);
    const ch = c.peek();
    if (ch === '"') {
      c.pos++;
      return out;
    }
    if (ch === '\\') out += escape(c);
    else {
      if (isForbiddenControl(ch.charCodeAt(0))) c.fail('control character in a string');
      out += ch;
      c.pos++;
    }
  }
}

function literal(c: Cursor): string {
  const start = c.pos;
  c.pos++;
  let out = '';
  for (;;) {
    if (c.done || c.atNewline()) c.fail('unterminated string', start);
    const ch = c.peek();
    if (ch === "'") {
      c.pos++;
      return out;
    }
    if (isForbiddenControl(ch.charCodeAt(0))) c.fail('control character in a string');
    out += ch;
    c.pos++;
  }
}

/** A `"""` (basic: escapes and line-ending backslashes) or `'''` (literal: nothing special) string. */
function multiline(c: Cursor, quote: '"' | "'"): string {
  const start = c.pos;
  const delimiter = quote.repeat(3);
  c.pos += 3;
  c.newline(); // a newline right after the opening delimiter is trimmed
  let out = '';
  for (;;) {
    if (c.done) c.fail('unterminated multi-line string', start);
    if (c.startsWith(delimiter)) {
      // Up to two quotes may sit right before the closing delimiter: `""""` ends with one quote kept.
      let quotes = 3;
      while (quotes < 5 && c.peek(quotes) === quote) quotes++;
      out += quote.repeat(quotes - 3);
      c.pos += quotes;
      return out;
    }
    if (c.newline()) {
      out += '\n';
      continue;
    }
    const ch = c.peek();
    if (quote === '"' && ch === '\\') {
      // A line-ending backslash swallows the newline and all whitespace and newlines after it.
      let probe = c.pos + 1;
      while (c.text[probe] === ' ' || c.text[probe] === '\t') probe++;
      if (c.text[probe] === '\n' || (c.text[probe] === '\r' && c.text[probe + 1] === '\n')) {
        c.pos = probe;
        for (;;) {
          c.skipWhitespace();
          if (!c.newline()) break;
        }
        continue;
      }
      out += escape(c);
      continue;
    }
    if (isForbiddenControl(ch.charCodeAt(0))) c.fail('control character in a string');
    out += ch;
    c.pos++;
  }
}

function escape(c: Cursor): string {
  const next = c.peek(1);
  const simple = ESCAPES[next];
  if (simple !== undefined) {
    c.pos += 2;
    return simple;
  }
  if (next === 'u' || next === 'U') {
    const length = next === 'u' ? 4 : 8;
    const hex = c.text.slice(c.pos + 2, c.pos + 2 + length);
    if (!new RegExp(`^[0-9A-Fa-f]{${length}}$`).test(hex)) c.fail(`\\${next} needs ${length} hex digits`);
    const code = Number.parseInt(hex, 16);
    // Only Unicode scalar values: no surrogates, nothing past U+10FFFF.
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) c.fail(`\\${next}${hex} is not a Unicode scalar value`);
    c.pos += 2 + length;
    return String.fromCodePoint(code);
  }
  return c.fail(`invalid escape "\\${next}"`);
}

const DEC_INT = /^[+-]?(?:0|[1-9](?:_?[0-9])*)$/;
const HEX_INT = /^0x[0-9A-Fa-f](?:_?[0-9A-Fa-f])*$/;
const OCT_INT = /^0o[0-7](?:_?[0-7])*$/;
const BIN_INT = /^0b[01](?:_?[01])*$/;
const FLOAT = /^[+-]?(?:0|[1-9](?:_?[0-9])*)(?:\.[0-9](?:_?[0-9])*)?(?:[eE][+-]?[0-9](?:_?[0-9])*)?$/;
const SPECIAL_FLOAT = /^[+-]?(?:inf|nan)$/;

const DATE = '(\\d{4})-(\\d{2})-(\\d{2})';
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})(?:\\.\\d+)?';
const OFFSET = '(?:[Zz]|[+-](\\d{2}):(\\d{2}))';
const OFFSET_DT = new RegExp(`^${DATE}[Tt ]${TIME}${OFFSET}$`);
const LOCAL_DT = new RegExp(`^${DATE}[Tt ]${TIME}$`);
const LOCAL_DATE = new RegExp(`^${DATE}$`);
const LOCAL_TIME = new RegExp(`^${TIME}$`);

/** Integers, floats, booleans and dates: a run of "atom" characters read as one token. */
export function parseAtom(c: Cursor): number | bigint | boolean | TomlDateTime {
  const start = c.pos;
  let token = readToken(c);
  // A date and time may be separated by a single space: `1979-05-27 07:32:00`.
  if (/^\d{4}-\d{2}-\d{2}$/.test(token) && c.peek() === ' ' && /\d/.test(c.peek(1))) {
    const save = c.pos;
    c.pos++;
    const time = readToken(c);
    if (/^\d{2}:/.test(time)) token = `${token} ${time}`;
    else c.pos = save;
  }
  if (token === 'true') return true;
  if (token === 'false') return false;
  if (token === '') return c.fail('expected a value', start);
  const date = parseDate(token);
  if (date === 'invalid') return c.fail(`invalid date or time "${token}"`, start);
  if (date) return date;
  if (DEC_INT.test(token) || HEX_INT.test(token) || OCT_INT.test(token) || BIN_INT.test(token)) {
    const clean = token.replace(/_/g, '');
    const negative = clean.startsWith('-');
    const digits = clean.replace(/^[+-]/, '');
    let value = BigInt(digits);
    if (negative) value = -value;
    // Kept losslessly beyond 64 bits (as a bigint), as tomllib does; TOML only forbids lossy reads.
    return Number.isSafeInteger(Number(value)) ? Number(value) : value;
  }
  if (SPECIAL_FLOAT.test(token)) {
    const sign = token.startsWith('-') ? -1 : 1;
    return token.endsWith('nan') ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  }
  if (FLOAT.test(token)) return Number(token.replace(/_/g, ''));
  return c.fail(`invalid value "${token.slice(0, 40)}"`, start);
}

function readToken(c: Cursor): string {
  const start = c.pos;
  while (!c.done && /[0-9A-Za-z_+\-.:]/.test(c.peek())) c.pos++;
  return c.text.slice(start, c.pos);
}

function parseDate(token: string): TomlDateTime | 'invalid' | null {
  let m = OFFSET_DT.exec(token);
  if (m) return validDate(m, 1) && validTime(m, 4) && validOffset(m[7], m[8]) ? new TomlDateTime('offset-datetime', token) : 'invalid';
  m = LOCAL_DT.exec(token);
  if (m) return validDate(m, 1) && validTime(m, 4) ? new TomlDateTime('local-datetime', token) : 'invalid';
  m = LOCAL_DATE.exec(token);
  if (m) return validDate(m, 1) ? new TomlDateTime('local-date', token) : 'invalid';
  m = LOCAL_TIME.exec(token);
  if (m) return validTime(m, 1) ? new TomlDateTime('local-time', token) : 'invalid';
  return null;
}

function validDate(m: RegExpExecArray, at: number): boolean {
  const year = Number(m[at]);
  const month = Number(m[at + 1]);
  const day = Number(m[at + 2]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

function validTime(m: RegExpExecArray, at: number): boolean {
  // No leap second (60): Python's tomllib, the PEP 723 reference reader, rejects it too.
  return Number(m[at]) <= 23 && Number(m[at + 1]) <= 59 && Number(m[at + 2]) <= 59;
}

function validOffset(hours: string | undefined, minutes: string | undefined): boolean {
  if (hours === undefined || minutes === undefined) return true; // Z
  return Number(hours) <= 23 && Number(minutes) <= 59;
}
