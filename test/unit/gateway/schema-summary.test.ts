import { describe, expect, it } from 'vitest';
import { argumentRows, invokeTemplate, typeLabel, constraintLines } from '../../../src/main/gateway/schema-summary';

const searchSchema = {
  type: 'object',
  properties: {
    query: { type: 'string', description: '  The text\n to   search for. ' },
    limit: { type: 'integer', default: 10 },
    mode: { enum: ['fast', 'exact'] },
    tags: { type: 'array', items: { type: 'string' }, examples: [['a', 'b']] },
    filters: {
      type: 'array',
      items: { type: 'object', properties: { q: { type: 'string' }, weight: { type: 'number' } } },
    },
    options: { type: 'object', properties: { verbose: { type: 'boolean' } } },
    cursor: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    anything: {},
  },
  required: ['query', 'filters'],
};

describe('typeLabel', () => {
  it('labels plain, array, enum, union and unknown types', () => {
    expect(typeLabel({ type: 'string' })).toBe('string');
    expect(typeLabel({ type: 'array', items: { type: 'integer' } })).toBe('array<integer>');
    expect(typeLabel({ type: 'array' })).toBe('array<any>');
    expect(typeLabel({ enum: ['a', 1, null] })).toBe('enum("a"|1|null)');
    expect(typeLabel({ type: ['string', 'null'] })).toBe('string|null');
    expect(typeLabel({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string|null');
    expect(typeLabel({ oneOf: [{ type: 'number' }, { type: 'array', items: { type: 'string' } }] })).toBe('number|array<string>');
    expect(typeLabel({})).toBe('any');
  });
});

describe('argumentRows', () => {
  const rows = argumentRows(searchSchema);
  const row = (name: string) => rows.find((r) => r.name === name);

  it('has one row per property, in schema order, with required flags', () => {
    expect(rows.map((r) => [r.name, r.required])).toEqual([
      ['query', true],
      ['limit', false],
      ['mode', false],
      ['tags', false],
      ['filters', true],
      ['options', false],
      ['cursor', false],
      ['anything', false],
    ]);
  });

  it('gives each row its type label', () => {
    expect(rows.map((r) => r.type)).toEqual([
      'string',
      'integer',
      'enum("fast"|"exact")',
      'array<string>',
      'array<object>',
      'object',
      'string|null',
      'any',
    ]);
  });

  it('flattens whitespace in descriptions and uses null when there is none', () => {
    expect(row('query')?.short_description).toBe('The text to search for.');
    expect(row('limit')?.short_description).toBeNull();
  });

  it('cuts descriptions over 200 characters to 197 plus "..."', () => {
    const [long] = argumentRows({ type: 'object', properties: { x: { type: 'string', description: 'd'.repeat(250) } } });
    expect(long?.short_description).toBe(`${'d'.repeat(197)}...`);
    const [exact] = argumentRows({ type: 'object', properties: { x: { type: 'string', description: 'e'.repeat(200) } } });
    expect(exact?.short_description).toBe('e'.repeat(200));
  });

  it('takes examples from "examples", else from "default", else null', () => {
    expect(row('tags')?.examples).toEqual([['a', 'b']]);
    expect(row('limit')?.examples).toEqual([10]);
    expect(row('query')?.examples).toBeNull();
    const [falsy] = argumentRows({ type: 'object', properties: { flag: { type: 'boolean', default: false } } });
    expect(falsy?.examples).toEqual([false]);
  });

  it('summarises one level of an array of objects as item_schema', () => {
    expect(row('filters')?.item_schema).toEqual({ q: 'string', weight: 'number' });
    expect(row('tags')?.item_schema).toBeNull();
    expect(row('options')?.item_schema).toBeNull();
  });

  it('gives no rows for a schema without properties, or a non-object properties value', () => {
    expect(argumentRows({ type: 'object' })).toEqual([]);
    expect(argumentRows({ type: 'object', properties: ['a'] })).toEqual([]);
  });

  it('ignores non-string names in required', () => {
    const [only] = argumentRows({ type: 'object', properties: { a: { type: 'string' } }, required: [1, null, 'a'] });
    expect(only?.required).toBe(true);
  });
});

describe('invokeTemplate', () => {
  it('uses <required: T> and <optional: T> placeholders', () => {
    const template = invokeTemplate(searchSchema);
    expect(template.query).toBe('<required: string>');
    expect(template.limit).toBe('<optional: integer>');
    expect(template.mode).toBe('<optional: enum("fast"|"exact")>');
    expect(template.tags).toBe('<optional: array<string>>');
    expect(template.cursor).toBe('<optional: string|null>');
    expect(template.anything).toBe('<optional: any>');
  });

  it('writes an array of objects as a JSON example like [{"q": "<string>"}]', () => {
    expect(invokeTemplate(searchSchema).filters).toEqual([{ q: '<string>', weight: '<number>' }]);
    expect(JSON.stringify(invokeTemplate({ type: 'object', properties: { x: { type: 'array', items: { type: 'object', properties: { q: { type: 'string' } } } } } }).x)).toBe(
      '[{"q":"<string>"}]',
    );
  });

  it('writes an object with properties as {"k": "<T>"}', () => {
    expect(invokeTemplate(searchSchema).options).toEqual({ verbose: '<boolean>' });
  });

  it('uses a placeholder for an object without properties', () => {
    expect(invokeTemplate({ type: 'object', properties: { meta: { type: 'object' } }, required: ['meta'] }).meta).toBe('<required: object>');
  });

  it('has one key per property and none for an empty schema', () => {
    expect(Object.keys(invokeTemplate(searchSchema))).toEqual(Object.keys(searchSchema.properties));
    expect(invokeTemplate({})).toEqual({});
  });
});

describe('constraintLines', () => {
  it('says in words what each argument must satisfy beyond its type', () => {
    expect(constraintLines({
      type: 'object',
      additionalProperties: false,
      properties: {
        count: { type: 'integer', minimum: 1, maximum: 100 },
        ratio: { type: 'number', exclusiveMinimum: 0, multipleOf: 0.5 },
        name: { type: 'string', minLength: 2, maxLength: 40, pattern: '^[a-z]+$' },
        when: { type: 'string', format: 'date-time' },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 5, uniqueItems: true },
        plain: { type: 'string' },
      },
    })).toEqual([
      'count: value ≥ 1, value ≤ 100',
      'ratio: value > 0, multiple of 0.5',
      'name: at least 2 characters, at most 40 characters, matches /^[a-z]+$/',
      'when: format date-time',
      'tags: at most 5 items, items unique',
      'no arguments other than those listed',
    ]);
  });

  it('is empty for a schema without constraints', () => {
    expect(constraintLines({ type: 'object', properties: { q: { type: 'string' } } })).toEqual([]);
  });
});
