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
