// The courtesy for clients that send a structured field as text (MCP Inspector 0.15): only object- or
// array-only fields, only text that parses to an accepted kind; scalars and string fields untouched.
import { expect, it } from 'vitest';
import { parseJsonTextFields } from '../../../src/main/gateway/json-text-fields';

const schema = {
  type: 'object',
  properties: {
    arguments: { type: 'object', default: {} },
    options: { anyOf: [{ type: 'object', properties: { timeout_ms: { type: 'integer' } } }, { type: 'null' }] },
    names: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] },
    query: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    either: { anyOf: [{ type: 'object' }, { type: 'string' }] },
    consent: { anyOf: [{ type: 'boolean' }, { type: 'null' }] },
    limit: { type: 'integer' },
  },
};

it('reads JSON text as the object or array an object- or array-only field takes', () => {
  expect(parseJsonTextFields(schema, { arguments: '{"message":"hi"}', options: '{"timeout_ms":5000}', names: '["a","b"]' }))
    .toEqual({ arguments: { message: 'hi' }, options: { timeout_ms: 5000 }, names: ['a', 'b'] });
});

it('leaves text that is not JSON, or parses to another kind, for validation to refuse', () => {
  expect(parseJsonTextFields(schema, { arguments: 'not json', options: '[1]', names: '{"a":1}' })).toEqual({ arguments: 'not json', options: '[1]', names: '{"a":1}' });
  expect(parseJsonTextFields(schema, { arguments: 'null' })).toEqual({ arguments: 'null' });
});

it('never touches a field that takes strings, scalars, values already structured, or unknown fields', () => {
  const args = { query: '{"a":1}', either: '{"a":1}', consent: 'true', limit: '5', arguments: { x: '{"y":1}' }, extra: '{"z":1}' };
  expect(parseJsonTextFields(schema, args)).toEqual(args);
});
