// Summaries of a tool's JSON Schema for describe: argument rows and a ready-to-fill invoke template.
type Schema = Record<string, unknown>;

export interface ArgumentRow {
  name: string;
  type: string;
  required: boolean;
  short_description: string | null;
  examples: unknown[] | null;
  item_schema: Record<string, string> | null;
}

function asSchema(value: unknown): Schema {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Schema) : {};
}

export function typeLabel(schema: Schema): string {
  if (Array.isArray(schema.enum)) return `enum(${schema.enum.map((v) => JSON.stringify(v)).join('|')})`;
  const type = schema.type;
  if (type === 'array') return `array<${typeLabel(asSchema(schema.items))}>`;
  if (Array.isArray(type)) return type.join('|');
  if (typeof type === 'string') return type;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) return options.map((o) => typeLabel(asSchema(o))).join('|');
  }
  return 'any';
}

function properties(schema: Schema): [string, Schema][] {
  return Object.entries(asSchema(schema.properties)).map(([name, value]) => [name, asSchema(value)]);
}

function requiredNames(schema: Schema): Set<string> {
  return new Set(Array.isArray(schema.required) ? schema.required.filter((n): n is string => typeof n === 'string') : []);
}

export function argumentRows(inputSchema: Schema): ArgumentRow[] {
  const required = requiredNames(inputSchema);
  return properties(inputSchema).map(([name, schema]) => {
    const items = asSchema(schema.items);
    const description = typeof schema.description === 'string' ? schema.description.replace(/\s+/g, ' ').trim() : '';
    const examples = Array.isArray(schema.examples) ? schema.examples : 'default' in schema ? [schema.default] : null;
    return {
      name,
      type: typeLabel(schema),
      required: required.has(name),
      short_description: description ? (description.length > 200 ? `${description.slice(0, 197)}...` : description) : null,
      examples,
      item_schema: items.type === 'object' ? Object.fromEntries(properties(items).map(([n, s]) => [n, typeLabel(s)])) : null,
    };
  });
}

/** `<required: T>` / `<optional: T>` placeholders; arrays of objects and objects get a JSON example. */
export function invokeTemplate(inputSchema: Schema): Record<string, unknown> {
  const required = requiredNames(inputSchema);
  const template: Record<string, unknown> = {};
  for (const [name, schema] of properties(inputSchema)) {
    const items = asSchema(schema.items);
    if (schema.type === 'array' && items.type === 'object') {
      template[name] = [Object.fromEntries(properties(items).map(([n, s]) => [n, `<${typeLabel(s)}>`]))];
    } else if (schema.type === 'object' && schema.properties) {
      template[name] = Object.fromEntries(properties(schema).map(([n, s]) => [n, `<${typeLabel(s)}>`]));
    } else {
      template[name] = `<${required.has(name) ? 'required' : 'optional'}: ${typeLabel(schema)}>`;
    }
  }
  return template;
}

// The JSON Schema keywords an agent most often gets wrong, in words: "count: 1 ≤ value ≤ 100".
const BOUNDS: [string, string][] = [
  ['minimum', '≥'], ['exclusiveMinimum', '>'], ['maximum', '≤'], ['exclusiveMaximum', '<'],
];
const SIZES: [string, string][] = [
  ['minLength', 'at least %s characters'], ['maxLength', 'at most %s characters'],
  ['minItems', 'at least %s items'], ['maxItems', 'at most %s items'],
];

/** One line per argument with constraints beyond its type (bounds, sizes, pattern, format, uniqueness). */
export function constraintLines(inputSchema: Schema): string[] {
  const lines: string[] = [];
  for (const [name, schema] of properties(inputSchema)) {
    const parts: string[] = [];
    for (const [key, sign] of BOUNDS) if (typeof schema[key] === 'number') parts.push(`value ${sign} ${schema[key]}`);
    for (const [key, words] of SIZES) if (typeof schema[key] === 'number') parts.push(words.replace('%s', String(schema[key])));
    if (typeof schema.pattern === 'string') parts.push(`matches /${schema.pattern}/`);
    if (typeof schema.format === 'string') parts.push(`format ${schema.format}`);
    if (schema.uniqueItems === true) parts.push('items unique');
    if (typeof schema.multipleOf === 'number') parts.push(`multiple of ${schema.multipleOf}`);
    if (parts.length) lines.push(`${name}: ${parts.join(', ')}`);
  }
  if (inputSchema.additionalProperties === false) lines.push('no arguments other than those listed');
  return lines;
}
