// Reading TOML (PEP 723 script blocks, a client's config.toml) goes through smol-toml, a maintained
// TOML 1.1.0 reader that passes the toml-test suite. This wrapper only fixes the shape Gatehouse's
// callers rely on: integers past 2^53 stay exact (as bigint, as tomllib keeps them), dates become plain
// TomlDateTime values, and errors carry line, column and reason but never the library's quoted source
// lines (a client's config may hold tokens next to the line that failed).
import { parse, TomlDate, TomlError as LibraryError, type TomlValue as LibraryValue } from 'smol-toml';

export type TomlValue = string | number | bigint | boolean | TomlDateTime | TomlValue[] | TomlTable;
export interface TomlTable {
  [key: string]: TomlValue;
}

/**
 * A date or time as its kind and ISO text: nothing in Gatehouse computes with dates, and a value with
 * own fields compares by content (a Date has none to compare). The text is the reader's normal form,
 * to the millisecond (`1979-05-27T07:32:00.000Z`), not the author's spelling.
 */
export class TomlDateTime {
  constructor(
    readonly kind: 'offset-datetime' | 'local-datetime' | 'local-date' | 'local-time',
    readonly text: string,
  ) {}
}

export class TomlError extends Error {
  constructor(
    /** Why the text is not TOML, without the offending text itself. */
    message: string,
    /** 1-based line and column within the TOML text. */
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
    this.name = 'TomlError';
  }
}

/** Tables come back with a null prototype, so a key such as "constructor" or "__proto__" is plain data. */
export function parseToml(text: string): TomlTable {
  let table: Record<string, LibraryValue>;
  try {
    table = parse(text, { integersAsBigInt: 'asNeeded' });
  } catch (error) {
    if (!(error instanceof LibraryError)) throw error;
    throw new TomlError(reasonOf(error, text), error.line, error.column);
  }
  return convert(table) as TomlTable;
}

/**
 * smol-toml's message is "Invalid TOML document: <reason>" followed by a block of the source lines. An
 * error at the very end of the text (an array or inline table never closed) gets a hint, because the
 * library's reason there ("invalid value") does not say that the text simply stopped.
 */
function reasonOf(error: LibraryError, text: string): string {
  const reason = (error.message.split('\n', 1)[0] ?? '').replace(/^Invalid TOML document: /, '') || 'invalid TOML';
  const rows = text.split(/\r?\n/);
  const atEnd = error.line === rows.length && error.column === (rows.at(-1) ?? '').length + 1;
  return atEnd ? `${reason} (the TOML ends before it is complete)` : reason;
}

function convert(value: LibraryValue): TomlValue {
  if (value instanceof TomlDate) return new TomlDateTime(kindOf(value), value.toISOString());
  if (Array.isArray(value)) return value.map(convert);
  if (typeof value === 'object' && value !== null) {
    const table = value as Record<string, LibraryValue>;
    for (const key of Object.keys(table)) table[key] = convert(table[key] as LibraryValue) as LibraryValue;
    return table as TomlTable;
  }
  return value;
}

function kindOf(date: TomlDate): TomlDateTime['kind'] {
  if (date.isDate()) return 'local-date';
  if (date.isTime()) return 'local-time';
  return date.isLocal() ? 'local-datetime' : 'offset-datetime';
}
