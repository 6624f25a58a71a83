// A client's TOML config (Codex's config.toml), opened for one `[<servers>.<name>]` table. Setting the
// entry rewrites only the values of the keys Gatehouse owns inside that table (their lines' comments
// stay), adds missing ones after the table's last key, or appends a new table after the other server
// tables. Removing it deletes that table and its sub-tables, nothing else.
// Reading goes through the TOML library (runtime/toml/parse.ts). The edit stays hand-written: TOML
// readers give data and writers emit a fresh document (losing the user's comments and layout), and a
// generic patcher decides on its own where keys and tables go; these rules (only owned values change,
// refuse dotted or inline layouts, a new table after its siblings) are Gatehouse's, pinned by golden files.
import { parseToml, TomlDateTime, TomlError, type TomlTable, type TomlValue } from '../runtime/toml/parse';
import type { EditResult, EntryDocument, OpenResult } from './entry-document';
import { scanToml, type TomlStatement } from './toml-scan';

const ESCAPES: Record<string, string> = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r', '"': '\\"', '\\': '\\\\' };

function tomlString(value: string): string {
  // Control characters (and DEL) must be escaped in a TOML basic string.
  let out = '';
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    out += ESCAPES[ch] ?? (code <= 0x1f || code === 0x7f ? `\\u${code.toString(16).padStart(4, '0')}` : ch);
  }
  return `"${out}"`;
}

export function tomlKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : tomlString(key);
}

export function tomlValue(value: unknown): string {
  if (typeof value === 'string') return tomlString(value);
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'number') return Number.isNaN(value) ? 'nan' : Number.isFinite(value) ? String(value) : value > 0 ? 'inf' : '-inf';
  if (value instanceof TomlDateTime) return value.text;
  if (Array.isArray(value)) return `[${value.map(tomlValue).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const pairs = Object.entries(value).map(([key, item]) => `${tomlKey(key)} = ${tomlValue(item)}`);
    return pairs.length ? `{ ${pairs.join(', ')} }` : '{}';
  }
  return tomlString(String(value));
}

const isTable = (value: TomlValue | undefined): value is TomlTable =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof TomlDateTime);

const startsWith = (keys: readonly string[], prefix: readonly string[]) => prefix.every((key, i) => keys[i] === key);
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && startsWith(a, b);

/** Each statement with the keys of the table it belongs to (its own keys for a header). */
function sectioned(statements: TomlStatement[]): { statement: TomlStatement; table: string[] }[] {
  let table: string[] = [];
  return statements.map((statement) => {
    if (statement.kind !== 'pair') table = statement.keys;
    return { statement, table };
  });
}

/** The entry's table as lines, for the preview: plain keys first, then each sub-table under its own header. */
export function renderTomlEntry(header: string[], value: Record<string, unknown>): string[] {
  const plain = Object.entries(value).filter(([, item]) => !isTable(item as TomlValue));
  const tables = Object.entries(value).filter(([, item]) => isTable(item as TomlValue));
  return [
    `[${header.map(tomlKey).join('.')}]`,
    ...plain.map(([key, item]) => `${tomlKey(key)} = ${tomlValue(item)}`),
    ...tables.flatMap(([key, item]) => renderTomlEntry([...header, key], item as Record<string, unknown>)),
  ];
}

type Sectioned = ReturnType<typeof sectioned>;
type Splice = { start: number; end: number; content: string };

interface TomlEntry {
  path: string;
  text: string;
  statements: Sectioned;
  servers: string[];
  name: string;
  header: string[];
  /** Index of the `[<servers>.<name>]` header, or -1. */
  main: number;
  eol: string;
}

/** The statements after a header, up to the next header. */
function section(entry: TomlEntry, index: number): TomlStatement[] {
  const rest = entry.statements.slice(index + 1);
  const next = rest.findIndex(({ statement }) => statement.kind !== 'pair');
  return (next < 0 ? rest : rest.slice(0, next)).map(({ statement }) => statement);
}

/** Keys of the entry set from outside its own tables (`[mcp_servers]` + `gatehouse = {…}`, or dotted keys). */
function strayLayout(entry: TomlEntry): EditResult | null {
  const stray = entry.statements.find(({ statement, table }) => statement.kind === 'pair' && startsWith([...table, ...statement.keys], entry.header) && !startsWith(table, entry.header));
  if (!stray) return null;
  return refuse(`${entry.path}:${stray.statement.line}: the "${entry.name}" entry is written as a dotted key or an inline table; Gatehouse edits only a [${entry.header.map(tomlKey).join('.')}] table. Rewrite it as one, or edit it by hand.`);
}

function setEntry(entry: TomlEntry, wanted: Record<string, unknown>, owned: readonly string[]): EditResult {
  const { path, text, header, eol } = entry;
  const stray = strayLayout(entry);
  if (stray) return stray;
  const ownedTable = entry.statements.find(({ statement, table }) => statement.kind !== 'pair' && table.length > header.length && startsWith(table, header) && owned.includes(table[header.length] as string));
  if (ownedTable) return refuse(`${path}:${ownedTable.statement.line}: [${ownedTable.table.join('.')}] is a key Gatehouse sets; remove that table by hand first.`);
  if (entry.main < 0) return appendTable(text, entry.statements.map((s) => s.statement), entry.servers, renderTomlEntry(header, wanted), eol);
  const body = section(entry, entry.main);
  const edits: Splice[] = [];
  for (const key of owned) {
    const pair = body.find((statement) => statement.kind === 'pair' && statement.keys[0] === key);
    if (pair && pair.keys.length > 1) return refuse(`${path}:${pair.line}: "${pair.keys.join('.')}" is a dotted key under a key Gatehouse sets; edit it by hand.`);
    // Only the value changes, so a comment after it stays; a key no longer wanted goes with its line.
    if (pair && key in wanted) edits.push({ start: pair.valueStart, end: pair.valueEnd, content: tomlValue(wanted[key]) });
    else if (pair) edits.push({ start: pair.start, end: pair.end, content: '' });
  }
  const added = Object.keys(wanted)
    .filter((key) => !body.some((statement) => statement.keys[0] === key))
    .map((key) => `${tomlKey(key)} = ${tomlValue(wanted[key])}${eol}`);
  if (added.length) {
    const after = (body.filter((statement) => statement.kind === 'pair').at(-1) ?? (entry.statements[entry.main] as Sectioned[number]).statement).end;
    const lead = after === text.length && text.length > 0 && !text.endsWith('\n') ? eol : '';
    edits.push({ start: after, end: after, content: lead + added.join('') });
  }
  return splice(text, edits);
}

function removeEntry(entry: TomlEntry): EditResult {
  const stray = strayLayout(entry);
  if (stray) return stray;
  const { text } = entry;
  const ranges = entry.statements
    .map(({ statement }, index) => ({ statement, index }))
    .filter(({ statement }) => statement.kind !== 'pair' && startsWith(statement.keys, entry.header))
    .map(({ statement, index }) => {
      let end = (section(entry, index).at(-1) ?? statement).end;
      // The blank lines after the table go with it, so its neighbours keep one blank line between them.
      while (/^[ \t]*\r?\n/.test(text.slice(end))) end = text.indexOf('\n', end) + 1;
      return { start: statement.start, end, content: '' };
    });
  const result = splice(text, ranges);
  return /\n\s*\n$/.test(result) && !/\n\s*\n$/.test(text) ? result.replace(/\s*$/, entry.eol) : result;
}

export function openToml(path: string, text: string, servers: string[], name: string): OpenResult {
  let data: TomlTable;
  try {
    data = parseToml(text);
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    return { ok: false, problem: { code: 'parse_error', message: `${path}:${error.line}:${error.column}: invalid TOML: ${error.message}; fix the file, then run setup again.` } };
  }
  const header = [...servers, name];
  let container: TomlValue | undefined = data;
  for (const key of servers) {
    container = isTable(container) ? container[key] : undefined;
    if (container !== undefined && !isTable(container)) {
      return { ok: false, problem: { code: 'bad_servers', message: `${path}: "${servers.join('.')}" is not a table; fix it by hand, then run setup again.` } };
    }
  }
  const value = isTable(container) ? container[name] : undefined;
  if (value !== undefined && !isTable(value)) {
    return { ok: false, problem: { code: 'bad_entry', message: `${path}: "${header.join('.')}" is not a table; fix it by hand, then run setup again.` } };
  }
  const statements = sectioned(scanToml(text));
  const entry: TomlEntry = {
    path,
    text,
    statements,
    servers,
    name,
    header,
    main: statements.findIndex(({ statement }) => statement.kind === 'table' && same(statement.keys, header)),
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
  const document: EntryDocument = {
    data,
    entry: value as Record<string, unknown> | undefined,
    withEntry: (wanted, owned) => setEntry(entry, wanted, owned),
    withoutEntry: () => (value === undefined ? text : removeEntry(entry)),
  };
  return { ok: true, doc: document };
}

const refuse = (message: string) => ({ problem: { code: 'unsupported_layout' as const, message } });

function splice(text: string, edits: Splice[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.content + out.slice(edit.end);
  return out;
}

/** A new table goes after the last table of the same servers map (or at the end), set off by blank lines. */
function appendTable(text: string, statements: TomlStatement[], servers: string[], lines: string[], eol: string): string {
  let at = text.length;
  const lastSibling = statements.map((s, i) => ({ s, i })).filter(({ s }) => s.kind !== 'pair' && startsWith(s.keys, servers)).at(-1);
  if (lastSibling) {
    const following = statements.slice(lastSibling.i + 1).find((s) => s.kind !== 'pair' && !startsWith(s.keys, servers));
    const sectionEnd = following ? statements.slice(lastSibling.i, statements.indexOf(following)).at(-1) : statements.at(-1);
    at = sectionEnd?.end ?? text.length;
  }
  const before = text.slice(0, at);
  const block = lines.join(eol) + eol;
  const lead = !before.length ? '' : before.endsWith('\n') ? (/\n[ \t]*\r?\n$/.test(before) ? '' : eol) : eol + eol;
  const trail = at < text.length && !/^[ \t]*\r?\n/.test(text.slice(at)) ? eol : '';
  return before + lead + block + trail + text.slice(at);
}
