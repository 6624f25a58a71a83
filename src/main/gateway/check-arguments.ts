// A first check of invoke arguments against the tool's input schema, before anything is sent
// downstream: every missing required name and every top-level type mismatch, each with its JSON Pointer.
type Schema = Record<string, unknown>;

/** RFC 6901: `~` and `/` inside a name are escaped so the pointer names exactly that argument. */
function pointer(name: string): string {
  return `/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

const TYPE_CHECKS: Record<string, (value: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  object: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  array: (v) => Array.isArray(v),
  null: (v) => v === null,
};

export function checkArguments(schema: Schema, args: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const name of required) {
    if (typeof name === 'string' && !Object.hasOwn(args, name)) problems.push(`${pointer(name)}: required argument is missing`);
  }
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  for (const [name, value] of Object.entries(args)) {
    const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (!property) continue;
    const types = Array.isArray(property.type) ? property.type : typeof property.type === 'string' ? [property.type] : [];
    if (types.length && !types.some((t) => TYPE_CHECKS[t]?.(value) ?? true)) {
      problems.push(`${pointer(name)}: expected ${types.join(' or ')}, got ${value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value}`);
    }
    if (Array.isArray(property.enum) && !property.enum.some((allowed) => allowed === value)) {
      problems.push(`${pointer(name)}: must be one of ${property.enum.map((v) => JSON.stringify(v)).join(', ')}`);
    }
  }
  return problems;
}
