// A tool's input schema as form fields: scalars get their own control, anything else (objects, arrays,
// unions) a JSON text box. The schema is the server's, so nothing in it is trusted to be well formed.
export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';

export interface SchemaField {
  name: string;
  kind: FieldKind;
  required: boolean;
  description: string | null;
  options: string[];
  defaultValue: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function kindOf(schema: Record<string, unknown>): { kind: FieldKind; options: string[] } {
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) return { kind: 'enum', options: schema.enum as string[] };
  const type = schema.type;
  if (type === 'string' || type === 'number' || type === 'integer' || type === 'boolean') return { kind: type, options: [] };
  return { kind: 'json', options: [] };
}

export function schemaFields(schema: Record<string, unknown> | null): SchemaField[] {
  if (!schema || !isRecord(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
  return Object.entries(schema.properties).map(([name, raw]) => {
    const property = isRecord(raw) ? raw : {};
    const { kind, options } = kindOf(property);
    return {
      name,
      kind,
      options,
      required: required.has(name),
      description: typeof property.description === 'string' ? property.description : null,
      defaultValue: property.default,
    };
  });
}

export type FieldValues = Record<string, string | boolean>;

export function initialValues(fields: SchemaField[]): FieldValues {
  const values: FieldValues = {};
  for (const field of fields) {
    if (field.kind === 'boolean') values[field.name] = field.defaultValue === true;
    else if (field.defaultValue === undefined) values[field.name] = '';
    else values[field.name] = field.kind === 'json' ? JSON.stringify(field.defaultValue) : String(field.defaultValue);
  }
  return values;
}

/** The arguments object for the form's values; an empty optional field is left out. */
export function toArguments(fields: SchemaField[], values: FieldValues): { ok: true; args: Record<string, unknown> } | { ok: false; problem: string } {
  const args: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'boolean') {
      args[field.name] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value : '';
    if (text === '') continue;
    if (field.kind === 'number' || field.kind === 'integer') {
      const number = Number(text);
      if (!Number.isFinite(number) || (field.kind === 'integer' && !Number.isInteger(number)))
        return { ok: false, problem: `${field.name} must be ${field.kind === 'integer' ? 'a whole number' : 'a number'}` };
      args[field.name] = number;
    } else if (field.kind === 'json') {
      try {
        args[field.name] = JSON.parse(text);
      } catch {
        return { ok: false, problem: `${field.name} must be JSON (for example {"key": "value"} or [1, 2])` };
      }
    } else args[field.name] = text;
  }
  return { ok: true, args };
}
