// Canonical JSON exactly as Python writes it with
// json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False), so a policy digest
// computed by the Python generator and by Gatehouse agree byte for byte.
export class CanonicalJsonError extends Error {}

export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return canonicalString(value);
  if (typeof value === 'number') {
    // The policy forbids numbers, which is what keeps Python and TypeScript output identical.
    throw new CanonicalJsonError('numbers are not allowed in canonical policy JSON');
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => compareCodePoints(a, b));
    return `{${entries.map(([k, v]) => `${canonicalString(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new CanonicalJsonError(`cannot encode a ${typeof value} as canonical JSON`);
}

/** Python sorts str keys by code point; JavaScript's default sort compares UTF-16 units, which differs above U+FFFF. */
export function compareCodePoints(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  const length = Math.min(left.length, right.length);
  for (let i = 0; i < length; i++) {
    const x = (left[i] as string).codePointAt(0) as number;
    const y = (right[i] as string).codePointAt(0) as number;
    if (x !== y) return x - y;
  }
  return left.length - right.length;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function canonicalString(text: string): string {
  if (LONE_SURROGATE.test(text)) throw new CanonicalJsonError('a string holds a lone surrogate, which Python cannot encode as UTF-8');
  // JSON.stringify escapes exactly what Python's ensure_ascii=False escapes for well-formed strings:
  // quote, backslash, the short escapes \b \f \n \r \t, and other C0 controls as lowercase \u00xx.
  return JSON.stringify(text);
}
