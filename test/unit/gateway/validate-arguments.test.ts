import { describe, expect, it } from 'vitest';
import { validateArguments } from '../../../src/main/gateway/validate-arguments';

const schema = {
  type: 'object',
  properties: {
    query: { type: 'string' },
    limit: { type: 'integer', minimum: 1 },
    filters: {
      type: 'object',
      properties: { kind: { enum: ['file', 'dir'] }, tags: { type: 'array', items: { type: 'string' } } },
      required: ['kind'],
    },
  },
  required: ['query'],
};

describe('validateArguments', () => {
  it('accepts valid arguments', () => {
    expect(validateArguments(schema, { query: 'x', limit: 3, filters: { kind: 'file', tags: ['a'] } })).toEqual([]);
  });

  it('reports every problem, nested ones included, by JSON Pointer', () => {
    const problems = validateArguments(schema, { limit: 0, filters: { tags: ['ok', 7] } });
    expect(problems).toEqual(
      expect.arrayContaining([
        '/query: required argument is missing',
        '/limit: must be >= 1',
        '/filters/kind: required argument is missing',
        '/filters/tags/1: must be string',
      ]),
    );
    expect(problems).toHaveLength(4);
  });

  it('names enum choices', () => {
    expect(validateArguments(schema, { query: 'x', filters: { kind: 'link' } })).toEqual(['/filters/kind: must be one of "file", "dir"']);
  });

  it('understands draft-07 schemas as servers send them', () => {
    const draft07 = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { a: { type: 'number' } }, required: ['a'], additionalProperties: false };
    expect(validateArguments(draft07, { a: 'one', b: 1 }).sort()).toEqual(['/a: must be number', '/b: is not an allowed argument']);
  });

  it('falls back to the top-level checks when a schema cannot be compiled', () => {
    const broken = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], allOf: 'not-a-list' };
    expect(validateArguments(broken, {})).toEqual(['/a: required argument is missing']);
  });
});
