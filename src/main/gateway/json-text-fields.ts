// A courtesy for clients that send a structured field as the text typed into it. MCP Inspector 0.15 (what
// `npx` picks on Node 20) parses a field as JSON only when the field's top-level `type` is object or
// array; the contract's nullable optionals (`anyOf: [X, {"type": "null"}]`) have no top-level type, so
// it sends `options='{"timeout_ms":5000}'` as a string (issue 12). Where the advertised schema takes an
// object or an array and no string at all, a string can only be a mistake, so one that parses to a
// value of an accepted kind is read as that value. Anything else is left for validation to refuse.
// Top-level fields only (that is all such clients fill in); scalars are never coerced, so "true" stays
// a string where a boolean — a consent flag, say — is asked for.
type Schema = Record<string, unknown>;

/** The JSON types a property's schema admits: its own `type`, or those of its anyOf/oneOf branches. */
function admittedTypes(schema: Schema): Set<string> {
  const types = new Set<string>();
  if (typeof schema.type === 'string') types.add(schema.type);
  for (const key of ['anyOf', 'oneOf']) {
    const branches = schema[key];
    if (Array.isArray(branches)) for (const branch of branches) for (const type of admittedTypes((branch ?? {}) as Schema)) types.add(type);
  }
  return types;
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  return value === null ? 'null' : typeof value;
}

function parsedText(text: string, admitted: Set<string>): unknown {
  try {
    const value: unknown = JSON.parse(text);
    const kind = kindOf(value);
    return (kind === 'object' || kind === 'array') && admitted.has(kind) ? value : text;
  } catch {
    return text;
  }
}

/**
 * The reader for one schema, worked out once (it runs on every meta-tool call): `args` with each
 * JSON-text value of an object- or array-only property replaced by what it parses to; `args` itself
 * when there is none.
 */
export function jsonTextFieldReader(inputSchema: Schema): (args: unknown) => unknown {
  const properties = (inputSchema.properties ?? {}) as Record<string, Schema>;
  const structured = new Map<string, Set<string>>();
  for (const [key, property] of Object.entries(properties)) {
    const admitted = admittedTypes(property ?? {});
    if (!admitted.has('string') && (admitted.has('object') || admitted.has('array'))) structured.set(key, admitted);
  }
  return (args) => {
    if (typeof args !== 'object' || args === null || Array.isArray(args)) return args;
    const source = args as Record<string, unknown>;
    let out: Record<string, unknown> | null = null;
    for (const [key, admitted] of structured) {
      if (!Object.hasOwn(source, key) || typeof source[key] !== 'string') continue;
      out ??= { ...source };
      out[key] = parsedText(source[key] as string, admitted);
    }
    return out ?? args;
  };
}

/** `args` with each JSON-text value of an object- or array-only property replaced by what it parses to. */
export function parseJsonTextFields(inputSchema: Schema, args: unknown): unknown {
  return jsonTextFieldReader(inputSchema)(args);
}
