import { expect, it } from 'vitest';
import * as z from 'zod';
import { nullableAsAnyOf } from '../../../src/main/gateway/nullable-anyof';

function typeArrays(schema: unknown, path = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const found = Array.isArray((schema as { type?: unknown }).type) ? [path] : [];
  return [...found, ...Object.entries(schema).flatMap(([key, value]) => typeArrays(value, `${path}/${key}`))];
}

it('rewrites nullable scalars as anyOf, keeping descriptions outside', () => {
  const schema = z.toJSONSchema(z.object({ a: z.string().nullish().describe('an a'), b: z.object({ c: z.boolean().nullable() }) }), { io: 'input' });
  expect(typeArrays(schema).length).toBeGreaterThan(0);
  const fixed = nullableAsAnyOf(schema) as { properties: { a: unknown; b: { properties: { c: unknown } } } };
  expect(typeArrays(fixed)).toEqual([]);
  expect(fixed.properties.a).toEqual({ description: 'an a', anyOf: [{ type: 'string' }, { type: 'null' }] });
  expect(fixed.properties.b.properties.c).toEqual({ anyOf: [{ type: 'boolean' }, { type: 'null' }] });
});

it('leaves non-nullable type arrays and other schemas alone', () => {
  expect(nullableAsAnyOf({ type: ['string', 'number'] })).toEqual({ type: ['string', 'number'] });
  expect(nullableAsAnyOf({ type: 'object', properties: { x: { type: 'integer' } } })).toEqual({ type: 'object', properties: { x: { type: 'integer' } } });
});

it("drops zod's redundant string-only propertyNames and empty additionalProperties of records, and keeps any real constraint", () => {
  expect(nullableAsAnyOf({ type: 'object', propertyNames: { type: 'string' }, additionalProperties: {} })).toEqual({ type: 'object' });
  expect(nullableAsAnyOf(z.toJSONSchema(z.object({ m: z.record(z.string(), z.unknown()).nullish() }), { io: 'input' })))
    .toMatchObject({ properties: { m: { anyOf: [{ type: 'object' }, { type: 'null' }] } } });
  expect(nullableAsAnyOf({ type: 'object', additionalProperties: { type: 'string' } })).toEqual({ type: 'object', additionalProperties: { type: 'string' } });
  expect(nullableAsAnyOf({ type: 'object', additionalProperties: false })).toEqual({ type: 'object', additionalProperties: false });
  expect(nullableAsAnyOf({ type: 'object', propertyNames: { type: 'string', pattern: '^[a-z]+$' } })).toEqual({ type: 'object', propertyNames: { type: 'string', pattern: '^[a-z]+$' } });
});
