// Redacts a JSON-like value by its string values, never by its serialized text: a number or a boolean is
// never touched (a registered "true" cannot turn `"ok":true` into invalid JSON), a key that names a secret
// loses its whole value, and binary payloads (image/audio data, resource blobs) pass untouched because
// redacting inside base64 would corrupt the bytes. A string that is itself JSON (a meta-tool answer is a
// JSON text inside a content block) is redacted as the structure it holds, whenever a stage finds
// anything in it, and written back in the same layout.
import { REDACTED } from './marker';
import { isHarmlessValue, isSecretKey } from './secret-keys';

export interface StringStages {
  /** Every text stage in order (secret values, then patterns); returns the input when nothing matched. */
  text(text: string): string;
  /** The secret-values stage alone, for protocol identifiers a pattern must never rewrite. */
  secretsOnly(text: string): string;
  /** Whether a string under a secret-looking key loses its value whole. */
  secretKeys: boolean;
  /** Redaction gives up on strings reached after this time (performance.now()); see budget.ts. */
  budget: Budget;
}

export interface Budget {
  /** True when the string may still be redacted; false once the time is spent (it is then withheld). */
  allow(length: number): boolean;
  readonly exceeded: boolean;
}

export const WITHHELD = '[WITHHELD: redaction ran out of time]';

/**
 * Protocol identifiers a peer sends back or correlates by (progress tokens, cancelled request ids,
 * cursors, task ids): a pattern that happened to match one would break the exchange, so only known secret
 * values are scrubbed from them. (The JSON-RPC `id` itself is never walked.)
 */
const IDENTIFIER_KEYS = new Set(['requestId', 'progressToken', 'cursor', 'nextCursor', 'taskId', 'task_id', 'next_cursor']);

export function redactString(text: string, stages: StringStages): string {
  if (!stages.budget.allow(text.length)) return WITHHELD;
  const out = stages.text(text);
  if (out === text) return text;
  const structured = asJson(text);
  return structured === undefined ? out : relayout(redactValue(structured, stages), text);
}

export function redactValue<T>(value: T, stages: StringStages): T {
  const seen = new WeakMap<object, unknown>();
  const walk = (node: unknown, key: string | null, parent: Record<string, unknown> | null): unknown => {
    if (typeof node === 'string') {
      if (key !== null && parent && isBinaryPayload(parent, key)) return node;
      if (key !== null && IDENTIFIER_KEYS.has(key)) return stages.budget.allow(node.length) ? stages.secretsOnly(node) : WITHHELD;
      if (stages.secretKeys && key !== null && isSecretKey(key) && node !== '' && !isHarmlessValue(node)) return REDACTED;
      return redactString(node, stages);
    }
    if (typeof node !== 'object' || node === null) return node;
    const known = seen.get(node);
    if (known !== undefined) return known;
    if (Array.isArray(node)) {
      const copy: unknown[] = [];
      seen.set(node, copy);
      for (const item of node) copy.push(walk(item, null, null));
      return copy;
    }
    // Class instances (Buffer, Date, Map) are not JSON data: passed through untouched.
    const proto: unknown = Object.getPrototypeOf(node);
    if (proto !== Object.prototype && proto !== null) return node;
    const source = node as Record<string, unknown>;
    const copy: Record<string, unknown> = {};
    seen.set(node, copy);
    for (const [name, item] of Object.entries(source)) {
      // Keys are scrubbed of secret values too (a child can echo a token as a key), but never rewritten by
      // a pattern (a key is structure); defineProperty keeps a "__proto__" key as data.
      const safeName = distinctKey(copy, stages.secretsOnly(name), name);
      Object.defineProperty(copy, safeName, { value: walk(item, name, source), enumerable: true, writable: true, configurable: true });
    }
    return copy;
  };
  return walk(value, null, null) as T;
}

/** Two keys redacted to the same text keep both values: the later one gets a numbered suffix. */
function distinctKey(copy: Record<string, unknown>, key: string, original: string): string {
  if (key === original || !Object.hasOwn(copy, key)) return key;
  let n = 2;
  while (Object.hasOwn(copy, `${key}#${n}`)) n++;
  return `${key}#${n}`;
}

/** Base64 of image/audio blocks and resource blobs: redacting inside it would corrupt the bytes. */
function isBinaryPayload(parent: Record<string, unknown>, key: string): boolean {
  if (key === 'data' && (parent.type === 'image' || parent.type === 'audio')) return true;
  return key === 'blob' && typeof parent.uri === 'string';
}

/** The parsed value when the text is a JSON object or array; undefined otherwise. */
function asJson(text: string): unknown {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Serializes with the original's indentation (compact stays compact, two-space stays two-space). */
function relayout(value: unknown, original: string): string {
  const indent = /^\s*[{[]\s*?\n([ \t]+)\S/u.exec(original)?.[1];
  return JSON.stringify(value, null, indent);
}
