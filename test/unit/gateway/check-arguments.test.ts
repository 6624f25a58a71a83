import { describe, expect, it } from 'vitest';
import { checkArguments } from '../../../src/main/gateway/check-arguments';

const schema = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    count: { type: 'integer' },
    ratio: { type: 'number' },
    recursive: { type: 'boolean' },
    options: { type: 'object' },
    tags: { type: 'array', items: { type: 'string' } },
    cursor: { type: ['string', 'null'] },
    mode: { type: 'string', enum: ['fast', 'exact'] },
    level: { enum: [1, 2, 3] },
    free: {},
  },
  required: ['path', 'count'],
};

describe('checkArguments', () => {
  it('accepts valid arguments', () => {
    expect(
      checkArguments(schema, {
        path: '/a',
        count: 3,
        ratio: 0.5,
        recursive: false,
        options: {},
        tags: ['x'],
        cursor: null,
        mode: 'fast',
        level: 2,
        free: [1, 'two'],
      }),
    ).toEqual([]);
  });

  it('reports each missing required argument with its JSON Pointer', () => {
    expect(checkArguments(schema, {})).toEqual(['/path: required argument is missing', '/count: required argument is missing']);
  });

  it('treats an explicit null as present for the required check (the type check judges it)', () => {
    expect(checkArguments({ required: ['a'], properties: {} }, { a: null })).toEqual([]);
  });

  it('reports each type mismatch with the expected and actual type', () => {
    const problems = checkArguments(schema, {
      path: 42,
      count: 1.5,
      ratio: '0.5',
      recursive: 'yes',
      options: [],
      tags: 'x',
      cursor: 5,
    });
    expect(problems).toEqual([
      '/path: expected string, got number',
      '/count: expected integer, got number',
      '/ratio: expected number, got string',
      '/recursive: expected boolean, got string',
      '/options: expected object, got array',
      '/tags: expected array, got string',
      '/cursor: expected string or null, got number',
    ]);
  });

  it('names null and arrays as such', () => {
    expect(checkArguments(schema, { path: null, count: [1] })).toEqual([
      '/path: expected string, got null',
      '/count: expected integer, got array',
    ]);
  });

  it('does not accept non-finite numbers as numbers', () => {
    expect(checkArguments(schema, { path: 'p', count: 1, ratio: Number.NaN })).toEqual(['/ratio: expected number, got number']);
  });

  it('accepts an integer-valued number for integer and number', () => {
    expect(checkArguments(schema, { path: 'p', count: 2.0, ratio: 3 })).toEqual([]);
  });

  it('reports values outside an enum, listing the allowed values', () => {
    expect(checkArguments(schema, { path: 'p', count: 1, mode: 'slow', level: '2' })).toEqual([
      '/mode: must be one of "fast", "exact"',
      '/level: must be one of 1, 2, 3',
    ]);
  });

  it('reports every problem at once: missing, type and enum', () => {
    const problems = checkArguments(schema, { count: 'x', mode: 7 });
    expect(problems).toEqual([
      '/path: required argument is missing',
      '/count: expected integer, got string',
      '/mode: expected string, got number',
      '/mode: must be one of "fast", "exact"',
    ]);
    for (const problem of problems) expect(problem).toMatch(/^\/[a-z]+: /);
  });

  it('ignores unknown arguments and unknown type names', () => {
    expect(checkArguments(schema, { path: 'p', count: 1, extra: 1 })).toEqual([]);
    expect(checkArguments({ properties: { a: { type: 'custom' } } }, { a: 1 })).toEqual([]);
  });

  it('copes with a schema without properties or required', () => {
    expect(checkArguments({}, { a: 1 })).toEqual([]);
    expect(checkArguments({ required: 'a' }, {})).toEqual([]);
  });
});
