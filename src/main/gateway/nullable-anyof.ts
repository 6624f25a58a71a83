// Some hosts reject `type: [X, "null"]`; the contract (§1) advertises nullable optionals as
// `anyOf: [X, {"type": "null"}]`. zod emits the array form for plain nullable scalars, so the listed
// schemas are rewritten once, at start-up (and lose zod's redundant `propertyNames: {type: string}`).
type Json = unknown;

export function nullableAsAnyOf(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(nullableAsAnyOf);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = nullableAsAnyOf(value);
  // zod's records say their keys are strings; JSON object keys always are, so that is list weight only.
  if (isStringOnly(out.propertyNames)) delete out.propertyNames;
  const type = out.type;
  if (Array.isArray(type) && type.includes('null') && type.length > 1) {
    const others = type.filter((t) => t !== 'null');
    const { type: _type, ...rest } = out;
    const base = { ...rest, type: others.length === 1 ? others[0] : others };
    // Keywords that describe the field rather than the value stay on the outside.
    const outer: Record<string, Json> = {};
    for (const key of ['description', 'title', 'default', 'examples']) {
      if (key in base) {
        outer[key] = base[key as keyof typeof base];
        delete (base as Record<string, Json>)[key];
      }
    }
    return { ...outer, anyOf: [base, { type: 'null' }] };
  }
  return out;
}

function isStringOnly(value: Json): boolean {
  return !!value && typeof value === 'object' && Object.keys(value).length === 1 && (value as { type?: unknown }).type === 'string';
}
