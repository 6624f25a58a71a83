// Some hosts reject `type: [X, "null"]`; the contract (§1) advertises nullable optionals as
// `anyOf: [X, {"type": "null"}]`. zod emits the array form for plain nullable scalars, so the listed
// schemas are rewritten once, at start-up. They also lose what zod adds to records of unknown values
// that says nothing: `propertyNames: {type: string}` and `additionalProperties: {}` — an empty schema
// accepts anything, exactly as the keyword's absence does, and MCP Inspector 2.x --strict reports every
// such schema as untyped (issue 12).
// A nullable optional has no top-level `type`, on purpose: beside `anyOf` a `type` would refuse the null
// branch, and `type: [X, "null"]` is the form the contract forbids and Inspector 2.x warns about; each
// branch carries its type. Old clients that read only the top-level type get json-text-fields.ts.
type Json = unknown;

export function nullableAsAnyOf(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(nullableAsAnyOf);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = nullableAsAnyOf(value);
  // zod's records say their keys are strings; JSON object keys always are, so that is list weight only.
  if (isStringOnly(out.propertyNames)) delete out.propertyNames;
  if (isEmptySchema(out.additionalProperties)) delete out.additionalProperties;
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

function isEmptySchema(value: Json): boolean {
  return !!value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;
}
