// Turns a policy file's text into a plain value plus a locator that maps a field path back to
// line:column. YAML and JSON both go through the `yaml` library (JSON is YAML's flow subset), so one
// locator serves both; JSON is first checked strictly with jsonc-parser, because YAML would quietly
// accept comments, trailing commas and bare keys that other tools reading a .json file reject.
import { parseTree, type ParseError } from 'jsonc-parser';
import { parseErrorWords } from '../config/json-locate';
import type { Document, LineCounter } from 'yaml';
import { lazyPackage } from '../common/lazy-package';

// Loaded on the first file read (lazy-package.ts says why).
const yaml = lazyPackage<typeof import('yaml')>('yaml');

export interface Place {
  line: number;
  column: number;
}

export type FieldPath = readonly (string | number)[];

export interface ParsedText {
  value: unknown;
  /** The value at `path`, or with `key` the key `key` of the mapping at `path`; falls back to the deepest existing parent. */
  locate(path: FieldPath, key?: string): Place | null;
}

export type ParseOutcome = { ok: true; parsed: ParsedText } | { ok: false; place: Place | null; reason: string };

export function parsePolicyText(text: string, format: 'yaml' | 'json'): ParseOutcome {
  if (format === 'json') {
    const problem = strictJsonProblem(text);
    if (problem) return { ok: false, ...problem };
  }
  const lineCounter = new (yaml().LineCounter)();
  // logLevel 'error': a complex key would otherwise print a process warning; it still fails as an unknown key.
  const doc = yaml().parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
  const first = doc.errors[0];
  if (first) {
    const place = toPlace(lineCounter, first.pos[0]);
    const reason =
      first.code === 'DUPLICATE_KEY'
        ? `duplicate key ${JSON.stringify(keyTextAt(text, first.pos[0]))}`
        : `${format === 'json' ? 'JSON' : 'YAML'} syntax error: ${first.message}`;
    return { ok: false, place, reason };
  }
  if (doc.contents === null) {
    return { ok: false, place: null, reason: 'the file is empty; write {} for a policy with no rules, or delete the file' };
  }
  return { ok: true, parsed: { value: doc.toJS({ maxAliasCount: 100 }), locate: (path, key) => locate(doc, lineCounter, path, key) } };
}

function toPlace(lineCounter: LineCounter, offset: number): Place {
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}

function keyTextAt(text: string, offset: number): string {
  const rest = text.slice(offset);
  const quoted = /^(["'])(.*?)\1/u.exec(rest);
  if (quoted) return quoted[2] ?? '';
  return (/^[^:\n]*/u.exec(rest)?.[0] ?? '').trim();
}

function locate(doc: Document, lineCounter: LineCounter, path: FieldPath, key?: string): Place | null {
  let node: unknown = doc.contents;
  let place = rangeStart(node, lineCounter);
  const steps: (string | number)[] = key === undefined ? [...path] : [...path, key];
  for (let index = 0; index < steps.length; index++) {
    const step = steps[index] as string | number;
    const isKeyStep = key !== undefined && index === steps.length - 1;
    if (yaml().isMap(node)) {
      const pair = node.items.find((item) => yaml().isScalar(item.key) && String(item.key.value) === String(step));
      if (!pair) return place;
      const keyPlace = rangeStart(pair.key, lineCounter);
      if (isKeyStep) return keyPlace ?? place;
      // An empty value (`servers:`) has no useful place of its own: point at its key instead.
      const valuePlace = yaml().isScalar(pair.value) && pair.value.value === null ? null : rangeStart(pair.value, lineCounter);
      place = valuePlace ?? keyPlace ?? place;
      node = pair.value;
    } else if (yaml().isSeq(node) && typeof step === 'number') {
      const item = node.items[step];
      if (item === undefined) return place;
      place = rangeStart(item, lineCounter) ?? place;
      node = item;
    } else {
      return place;
    }
  }
  return place;
}

function rangeStart(node: unknown, lineCounter: LineCounter): Place | null {
  if (typeof node !== 'object' || node === null || !('range' in node)) return null;
  const range = (node as { range?: [number, number, number] | null }).range;
  return range ? toPlace(lineCounter, range[0]) : null;
}

function strictJsonProblem(text: string): { place: Place; reason: string } | null {
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return null;
  return { place: offsetPlace(text, first.offset), reason: `JSON syntax error: ${parseErrorWords(first)}` };
}

function offsetPlace(text: string, offset: number): Place {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}
