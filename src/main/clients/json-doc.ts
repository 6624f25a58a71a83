// A client's JSON or JSONC config, opened for one entry: where its servers map and the entry sit, and the
// text with that entry set or removed. Anything Gatehouse cannot edit safely (a parse error, a
// non-object, a duplicate key) is refused with file:line:column.
import { applyEdits, getNodeValue, parseTree, type Node, type ParseError } from 'jsonc-parser';
import { describeParseError, locateOffset } from '../config/json-locate';
import type { EntryDocument, OpenResult } from './entry-document';
import { insertProperty, isOneLine, layoutOf, pretty, removeProperty, replaceValue, type Layout } from './json-edit';
import type { SetupProblem } from './target-file';

const where = (path: string, text: string, offset: number) => {
  const { line, column } = locateOffset(text, offset);
  return `${path}:${line}:${column}`;
};

function kindOf(node: Node): string {
  return node.type === 'array' || node.type === 'object' ? `an ${node.type}` : node.type === 'null' ? 'null' : `a ${node.type}`;
}

function properties(object: Node, key: string): Node[] {
  return (object.children ?? []).filter((prop) => prop.children?.[0]?.value === key);
}

interface Located {
  /** The deepest object on the way to the entry, and how many path keys it covers. */
  container: Node;
  depth: number;
  entry: Node | undefined;
}

function locate(path: string, text: string, root: Node, keys: string[]): Located | SetupProblem {
  let container = root;
  for (let depth = 0; depth < keys.length; depth++) {
    const key = keys[depth] as string;
    const found = properties(container, key);
    if (found.length > 1) {
      return { code: 'duplicate_key', message: `${where(path, text, (found[1] as Node).offset)}: "${key}" appears ${found.length} times; keep one, then run setup again.` };
    }
    const value = found[0]?.children?.[1];
    if (!value) return { container, depth, entry: undefined };
    const isEntry = depth === keys.length - 1;
    if (value.type !== 'object') {
      const what = isEntry ? `the "${key}" entry` : `"${key}"`;
      return { code: isEntry ? 'bad_entry' : 'bad_servers', message: `${where(path, text, value.offset)}: ${what} is ${kindOf(value)}, not an object; fix it by hand, then run setup again.` };
    }
    if (isEntry) return { container, depth, entry: found[0] };
    container = value;
  }
  return { container, depth: keys.length, entry: undefined };
}

type JsonFormat = 'json' | 'jsonc';

const parseOptions = (format: JsonFormat) => ({ disallowComments: format === 'json', allowTrailingComma: format === 'jsonc', allowEmptyContent: true });

/** `{a: {b: value}}` for keys [a, b]. */
function nest(keys: string[], value: unknown): unknown {
  return keys.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
}

/**
 * Sets the owned keys inside an existing entry one at a time (re-reading the text after each), so the
 * entry's other keys and its comments stay as they are.
 */
function setKeys(text: string, entryObject: (current: string) => Node, wanted: Record<string, unknown>, owned: readonly string[], layout: Layout): string {
  let current = text;
  for (const key of owned) {
    const object = entryObject(current);
    const prop = properties(object, key)[0];
    if (prop && key in wanted) current = applyEdits(current, [replaceValue(current, object, prop, wanted[key], layout)]);
    else if (prop) current = applyEdits(current, removeProperty(current, object, prop));
  }
  for (const [key, value] of Object.entries(wanted)) {
    const object = entryObject(current);
    if (!properties(object, key).length) current = applyEdits(current, [insertProperty(current, object, key, value, layout)]);
  }
  return current;
}

export function openJson(format: JsonFormat, path: string, text: string, servers: string[], name: string): OpenResult {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, parseOptions(format));
  const first = errors[0];
  if (first) return { ok: false, problem: { code: 'parse_error', message: `${where(path, text, first.offset)}: ${describeParseError(first)}; fix the file, then run setup again.` } };
  const empty = /^\s*$/.test(text);
  if (!empty && tree?.type !== 'object') {
    return { ok: false, problem: { code: 'not_an_object', message: `the top level of ${path} is ${tree ? kindOf(tree) : 'empty'}, not a JSON object; Gatehouse edits only an object.` } };
  }
  const keys = [...servers, name];
  const layout = layoutOf(text);
  if (empty || !tree) {
    // A new (or blank) file: the entry and the objects leading to it, nothing else.
    const document: EntryDocument = {
      data: {},
      entry: undefined,
      withEntry: (wanted) => `${JSON.stringify(nest(keys, wanted), null, 2)}\n`,
      withoutEntry: () => text,
    };
    return { ok: true, doc: document };
  }
  const found = locate(path, text, tree, keys);
  if ('code' in found) return { ok: false, problem: found };
  const entryNode = found.entry;
  const existing = entryNode ? (getNodeValue(entryNode.children?.[1] as Node) as Record<string, unknown>) : undefined;
  const entryObject = (current: string) => {
    const located = locate(path, current, parseTree(current, [], parseOptions(format)) as Node, keys) as Located;
    return (located.entry as Node).children?.[1] as Node;
  };
  const document: EntryDocument = {
    data: getNodeValue(tree) as unknown,
    entry: existing,
    withEntry(wanted, owned) {
      if (entryNode) return setKeys(text, entryObject, wanted, owned, layout);
      const [first, ...rest] = keys.slice(found.depth);
      return applyEdits(text, [insertProperty(text, found.container, first as string, nest(rest, wanted), layout)]);
    },
    withoutEntry() {
      if (!entryNode) return text;
      return collapseEmpty(applyEdits(text, removeProperty(text, found.container, entryNode)), servers, format);
    },
  };
  return { ok: true, doc: document };
}

/** A servers map left with nothing but whitespace inside reads better as `{}`. */
function collapseEmpty(text: string, servers: string[], format: JsonFormat): string {
  const tree = parseTree(text, [], parseOptions(format));
  let node = tree;
  for (const key of servers) node = node && properties(node, key)[0]?.children?.[1];
  if (node?.type !== 'object' || (node.children ?? []).length || isOneLine(text, node)) return text;
  if (!/^\s*$/.test(text.slice(node.offset + 1, node.offset + node.length - 1))) return text;
  return `${text.slice(0, node.offset)}{}${text.slice(node.offset + node.length)}`;
}

/** The entry as a reader of this file would see it, for the preview. */
export function renderJsonEntry(name: string, value: Record<string, unknown>): string[] {
  return `${JSON.stringify(name)}: ${pretty(value, '', { unit: '  ', eol: '\n' })}`.split('\n');
}
