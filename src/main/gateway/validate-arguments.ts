// Full JSON Schema validation of invoke arguments against the tool's real input schema, before anything
// is sent downstream: every problem, nested ones included, each named by its JSON Pointer. Draft-07
// schemas (what many servers still send) and 2020-12 (the default when `$schema` is absent) both work.
import type { default as Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { lazyPackage } from '../common/lazy-package';
import { checkArguments } from './check-arguments';

type Schema = Record<string, unknown>;

// strict: false — downstream schemas carry vendor keywords and formats we must not reject them for.
// validateSchema: false — checking each schema against the JSON Schema meta-schema first meant compiling
// the meta-schema on the first invoke of a process (80-300 ms on the shared 2-core machines, issue 15)
// and ~1 ms per tool after; ajv still refuses a keyword whose value has the wrong type (`required: true`,
// `allOf: "x"`) when it compiles, and such a schema falls back to the top-level checks as before.
const OPTIONS = { allErrors: true, strict: false, validateFormats: false, validateSchema: false } as const;
// Made on the first invoke, not at start (lazy-package.ts says why).
const ajv07 = lazyPackage<typeof import('ajv')>('ajv');
const ajv2020 = lazyPackage<typeof import('ajv/dist/2020.js')>('ajv/dist/2020.js');
let validators: { draft07: Ajv; draft2020: Ajv } | undefined;
const compiled = new WeakMap<Schema, ValidateFunction | null>();

function compile(schema: Schema): ValidateFunction | null {
  if (compiled.has(schema)) return compiled.get(schema) ?? null;
  let validate: ValidateFunction | null = null;
  try {
    const dialect = typeof schema.$schema === 'string' ? schema.$schema : '';
    validators ??= { draft07: new (ajv07().default)(OPTIONS), draft2020: new (ajv2020().default)(OPTIONS) };
    const ajv = /draft-0[467]/.test(dialect) ? validators.draft07 : validators.draft2020;
    // Compile without $schema/$id so an unknown dialect URI or a repeated id never breaks validation.
    const { $schema: _dialect, $id: _id, ...body } = schema;
    validate = ajv.compile(body);
  } catch {
    validate = null; // a schema ajv cannot compile: fall back to the top-level checks
  }
  compiled.set(schema, validate);
  return validate;
}

function describe(error: ErrorObject): string {
  if (error.keyword === 'required') {
    const missing = String((error.params as { missingProperty: string }).missingProperty).replace(/~/g, '~0').replace(/\//g, '~1');
    return `${error.instancePath}/${missing}: required argument is missing`;
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ');
    return `${error.instancePath || '/'}: must be one of ${allowed}`;
  }
  if (error.keyword === 'additionalProperties') {
    return `${error.instancePath}/${String((error.params as { additionalProperty: string }).additionalProperty)}: is not an allowed argument`;
  }
  return `${error.instancePath || '/'}: ${error.message ?? error.keyword}`;
}

export function validateArguments(schema: Schema, args: Record<string, unknown>): string[] {
  const validate = compile(schema);
  if (!validate) return checkArguments(schema, args);
  if (validate(args)) return [];
  return [...new Set((validate.errors ?? []).map(describe))];
}
