import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../../src/main/common/errors';
import { compact, errorEntry, errorResult, jsonResult } from '../../../src/main/gateway/envelope';

function body(result: { content: { type: string; text?: string }[] }): unknown {
  const first = result.content[0];
  expect(first?.type).toBe('text');
  return JSON.parse(first?.text ?? '');
}

describe('compact', () => {
  it('drops null and undefined fields recursively', () => {
    expect(compact({ a: 1, b: null, c: undefined, d: { e: null, f: 'x', g: { h: undefined, i: 0 } } })).toEqual({
      a: 1,
      d: { f: 'x', g: { i: 0 } },
    });
  });

  it('keeps falsy values that are not null', () => {
    expect(compact({ a: 0, b: false, c: '', d: [], e: {} })).toEqual({ a: 0, b: false, c: '', d: [], e: {} });
  });

  it('keeps array length but compacts objects inside arrays', () => {
    expect(compact([null, { a: null, b: 1 }, [{ c: null }]])).toEqual([null, { b: 1 }, [{}]]);
  });

  it('leaves non-plain objects and primitives alone', () => {
    const date = new Date(0);
    expect((compact({ when: date }) as { when: unknown }).when).toBe(date);
    expect(compact('x')).toBe('x');
    expect(compact(null)).toBeNull();
  });
});

describe('jsonResult', () => {
  it('sends one text block of compact JSON without nulls and without isError', () => {
    const result = jsonResult({ ok: true, list: [1, 2], missing: null, nested: { a: null } });
    expect(result.content).toHaveLength(1);
    expect(result.content[0]).toEqual({ type: 'text', text: '{"ok":true,"list":[1,2],"nested":{}}' });
    expect(result).not.toHaveProperty('isError');
    expect(result).not.toHaveProperty('structuredContent');
  });

  it('sets isError only when asked and appends extra blocks after the JSON', () => {
    const image = { type: 'image' as const, data: 'AAAA', mimeType: 'image/png' };
    const result = jsonResult({ ok: false }, { isError: true, extra: [image] });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: '{"ok":false}' }, image]);
    expect(jsonResult({ ok: true }, { isError: false })).not.toHaveProperty('isError');
  });
});

describe('errorResult', () => {
  it('gives {error:true, message, code} with isError for a GatewayError', () => {
    const result = errorResult(new GatewayError('E203', 'Unknown server: x'));
    expect(result.isError).toBe(true);
    expect(result.content).toHaveLength(1);
    expect(body(result)).toEqual({ error: true, message: 'Unknown server: x', code: 'E203' });
  });

  it('includes non-empty details and the suggestion', () => {
    const result = errorResult(new GatewayError('E304', 'bad args', { problems: ['/a: missing'] }, 'see gateway.describe'));
    expect(body(result)).toEqual({
      error: true,
      message: 'bad args',
      code: 'E304',
      details: { problems: ['/a: missing'] },
      suggestion: 'see gateway.describe',
    });
  });

  it('maps any other thrown value to E302 with a safe message', () => {
    const result = errorResult(new Error('ENOENT: no such file /home/alice/secret/project/config.json'));
    const parsed = body(result) as { code: string; message: string; error: boolean };
    expect(result.isError).toBe(true);
    expect(parsed.error).toBe(true);
    expect(parsed.code).toBe('E302');
    expect(parsed.message).toBe('ENOENT: no such file config.json');
    expect(body(errorResult('plain string'))).toEqual({ error: true, message: 'plain string', code: 'E302' });
  });

  it('caps long messages at 400 characters, between words', () => {
    const parsed = body(errorResult(new Error('word '.repeat(200)))) as { message: string };
    expect(parsed.message.length).toBeLessThanOrEqual(400);
    expect(parsed.message.length).toBeGreaterThan(390);
    expect(parsed.message.endsWith('word...')).toBe(true);
  });
});

describe('errorEntry', () => {
  it('is an object of the GatewayError fields, never a JSON string of them (issue 12)', () => {
    const entry = errorEntry(new GatewayError('E303', 'timed out', { timeout_ms: 1000 }, null, true));
    expect(typeof entry).toBe('object');
    expect(entry).toEqual({ code: 'E303', message: 'timed out', details: { timeout_ms: 1000 }, retryable: true });
    expect(JSON.parse(JSON.stringify({ errors: [entry] }))).toEqual({ errors: [{ code: 'E303', message: 'timed out', details: { timeout_ms: 1000 }, retryable: true }] });
  });

  it('wraps other errors as E302 from the gateway', () => {
    expect(errorEntry(new Error('boom'))).toEqual({
      code: 'E302',
      message: 'boom',
      details: { source: 'gateway' },
      retryable: false,
    });
  });
});
