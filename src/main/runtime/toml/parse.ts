// A TOML 1.0 reader for PEP 723 `script` blocks. Gatehouse needs only two keys from it, but a header
// that is not valid TOML must be reported as such, so the whole grammar and its table rules are
// enforced (they follow Python's tomllib, the reference reader PEP 723 names).
import { Cursor, TomlError } from './cursor';
import { parseAtom, parseString, TomlDateTime } from './scalars';

export type TomlValue = string | number | bigint | boolean | TomlDateTime | TomlValue[] | TomlTable;
export interface TomlTable {
  [key: string]: TomlValue;
}

/** How a table or array came to exist decides whether later lines may add to it. */
type Origin =
  | { kind: 'implicit' } // created as a parent by a [header]; may be defined once later
  | { kind: 'explicit' } // defined by its own [header]
  | { kind: 'dotted'; section: number } // created by dotted keys; open only within that section
  | { kind: 'frozen' } // an inline table, or anything inside one
  | { kind: 'static' } // an array value
  | { kind: 'aot' }; // an array of tables, [[header]]

export { TomlDateTime, TomlError };

export function parseToml(text: string): TomlTable {
  return new Parser(text).document();
}

function newTable(): TomlTable {
  return Object.create(null) as TomlTable;
}

function isTable(value: TomlValue | undefined): value is TomlTable {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof TomlDateTime);
}

class Parser {
  private readonly c: Cursor;
  private readonly origins = new WeakMap<object, Origin>();
  private section = 0;

  constructor(text: string) {
    this.c = new Cursor(text);
  }

  document(): TomlTable {
    const root = newTable();
    this.origins.set(root, { kind: 'explicit' });
    let current = root;
    for (;;) {
      this.c.skipBlank();
      if (this.c.done) return root;
      if (this.c.startsWith('[[')) current = this.arrayTableHeader(root);
      else if (this.c.peek() === '[') current = this.tableHeader(root);
      else {
        this.keyValue(current, this.section);
        this.c.endOfLine('a value');
      }
    }
  }

  private tableHeader(root: TomlTable): TomlTable {
    const at = this.c.pos;
    this.c.pos++;
    const keys = this.headerKeys(']');
    this.c.endOfLine('a table header');
    this.section++;
    const parent = this.walkHeader(root, keys.slice(0, -1), at);
    const last = keys[keys.length - 1] as string;
    const existing = parent[last];
    if (existing === undefined) {
      const table = newTable();
      this.origins.set(table, { kind: 'explicit' });
      parent[last] = table;
      return table;
    }
    if (isTable(existing) && this.origins.get(existing)?.kind === 'implicit') {
      this.origins.set(existing, { kind: 'explicit' });
      return existing;
    }
    return this.c.fail(`table [${keys.join('.')}] is defined more than once`, at);
  }

  private arrayTableHeader(root: TomlTable): TomlTable {
    const at = this.c.pos;
    this.c.pos += 2;
    const keys = this.headerKeys(']]');
    this.c.endOfLine('a table header');
    this.section++;
    const parent = this.walkHeader(root, keys.slice(0, -1), at);
    const last = keys[keys.length - 1] as string;
    const existing = parent[last];
    const table = newTable();
    this.origins.set(table, { kind: 'explicit' });
    if (existing === undefined) {
      const array: TomlValue[] = [table];
      this.origins.set(array, { kind: 'aot' });
      parent[last] = array;
      return table;
    }
    if (Array.isArray(existing) && this.origins.get(existing)?.kind === 'aot') {
      existing.push(table);
      return table;
    }
    return this.c.fail(`[[${keys.join('.')}]] cannot extend a value that is not an array of tables`, at);
  }

  /** Parents named by a header: created as implicit tables, or the last element of an array of tables. */
  private walkHeader(root: TomlTable, keys: string[], at: number): TomlTable {
    let table = root;
    for (const key of keys) {
      const next = table[key];
      if (next === undefined) {
        const created = newTable();
        this.origins.set(created, { kind: 'implicit' });
        table[key] = created;
        table = created;
      } else if (isTable(next) && this.origins.get(next)?.kind !== 'frozen') {
        table = next;
      } else if (Array.isArray(next) && this.origins.get(next)?.kind === 'aot') {
        table = next[next.length - 1] as TomlTable;
      } else {
        this.c.fail(`key "${key}" in a table header is not a table that can be extended`, at);
      }
    }
    return table;
  }

  private headerKeys(close: string): string[] {
    this.c.skipWhitespace();
    const keys = this.key();
    this.c.skipWhitespace();
    if (!this.c.startsWith(close)) this.c.fail(`a table header must end with "${close}"`);
    this.c.pos += close.length;
    return keys;
  }

  /** A possibly dotted key: bare or quoted parts with optional whitespace around the dots. */
  private key(): string[] {
    const parts: string[] = [];
    for (;;) {
      const ch = this.c.peek();
      if (ch === '"' || ch === "'") {
        if (this.c.startsWith('"""') || this.c.startsWith("'''")) this.c.fail('a key cannot be a multi-line string');
        parts.push(parseString(this.c));
      } else {
        const start = this.c.pos;
        while (/[A-Za-z0-9_-]/.test(this.c.peek()) && !this.c.done) this.c.pos++;
        if (start === this.c.pos) this.c.fail('expected a key');
        parts.push(this.c.text.slice(start, this.c.pos));
      }
      this.c.skipWhitespace();
      if (this.c.peek() !== '.') return parts;
      this.c.pos++;
      this.c.skipWhitespace();
    }
  }

  private keyValue(table: TomlTable, section: number): void {
    const at = this.c.pos;
    const keys = this.key();
    if (this.c.peek() !== '=') this.c.fail('expected "=" after a key');
    this.c.pos++;
    this.c.skipWhitespace();
    let target = table;
    for (const key of keys.slice(0, -1)) {
      const next = target[key];
      if (next === undefined) {
        const created = newTable();
        this.origins.set(created, { kind: 'dotted', section });
        target[key] = created;
        target = created;
        continue;
      }
      const origin = isTable(next) ? this.origins.get(next) : undefined;
      const open = origin?.kind === 'implicit' || (origin?.kind === 'dotted' && origin.section === section);
      if (!isTable(next) || !open) this.c.fail(`dotted key "${keys.join('.')}" cannot add to "${key}", which is already defined`, at);
      // Dotted keys claim the tables they pass through: no later header or section may reopen them.
      this.origins.set(next, { kind: 'dotted', section });
      target = next;
    }
    const last = keys[keys.length - 1] as string;
    if (last in target) this.c.fail(`key "${keys.join('.')}" is defined more than once`, at);
    target[last] = this.value();
  }

  private value(): TomlValue {
    const ch = this.c.peek();
    if (ch === '"' || ch === "'") return parseString(this.c);
    if (ch === '[') return this.array();
    if (ch === '{') return this.inlineTable();
    return parseAtom(this.c);
  }

  private array(): TomlValue[] {
    const start = this.c.pos;
    this.c.pos++;
    const items: TomlValue[] = [];
    this.origins.set(items, { kind: 'static' });
    for (;;) {
      this.c.skipBlank();
      if (this.c.done) this.c.fail('unterminated array', start);
      if (this.c.peek() === ']') {
        this.c.pos++;
        return items;
      }
      items.push(this.value());
      this.c.skipBlank();
      if (this.c.peek() === ',') {
        this.c.pos++;
        continue;
      }
      if (this.c.peek() === ']') {
        this.c.pos++;
        return items;
      }
      this.c.fail('expected "," or "]" in an array');
    }
  }

  private inlineTable(): TomlTable {
    const start = this.c.pos;
    this.c.pos++;
    const table = newTable();
    // Its own section: dotted keys inside may build on each other, nothing outside may add to them.
    const section = ++this.section;
    this.c.skipWhitespace();
    if (this.c.peek() === '}') {
      this.c.pos++;
      this.freeze(table);
      return table;
    }
    for (;;) {
      this.c.skipWhitespace();
      if (this.c.done || this.c.atNewline()) this.c.fail('an inline table must close on the line it opens', start);
      this.keyValue(table, section);
      this.c.skipWhitespace();
      if (this.c.peek() === ',') {
        this.c.pos++;
        continue;
      }
      if (this.c.peek() === '}') {
        this.c.pos++;
        this.freeze(table);
        return table;
      }
      this.c.fail('expected "," or "}" in an inline table');
    }
  }

  private freeze(value: TomlValue): void {
    if (isTable(value)) {
      this.origins.set(value, { kind: 'frozen' });
      for (const child of Object.values(value)) this.freeze(child);
    } else if (Array.isArray(value)) {
      for (const child of value) this.freeze(child);
    }
  }
}
