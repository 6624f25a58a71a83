// Diagnostics never print secrets: known values, secret-looking NAME=value pairs, bearer tokens and
// URL userinfo are replaced; only the first stderr line is ever quoted.
import { describe, expect, it } from 'vitest';
import { firstStderrLine, Redactor } from '../../../src/main/runtime/redact';

describe('Redactor', () => {
  const redactor = Redactor.fromEnv({ MY_API_TOKEN: 'tok-123456', HOME: '/root', UV_DEFAULT_INDEX: 'https://ada:pw-9876@idx.invalid/simple' }, ['extra-secret']);

  it('replaces known secret values from the environment and extra values', () => {
    expect(redactor.text('got tok-123456 and extra-secret')).toBe('got <redacted> and <redacted>');
    expect(redactor.text('home is /root')).toBe('home is /root');
  });

  it('replaces NAME=value for secret-looking names only', () => {
    expect(redactor.text('SECRET=abc PASSWD="x y" db_password=p NAME=ada')).toBe('SECRET=<redacted> PASSWD=<redacted> db_password=<redacted> NAME=ada');
  });

  it('replaces bearer tokens and URL userinfo, including credentials found in index URLs', () => {
    expect(redactor.text('Authorization: Bearer abc.def')).toBe('Authorization: Bearer <redacted>');
    expect(redactor.text('fetch https://bob:hunter2@host/simple failed')).toBe('fetch https://<redacted>@host/simple failed');
    expect(redactor.text('ada:pw-9876 leaked')).toBe('<redacted> leaked');
  });

  it('redacts data deeply and blanks values under secret-looking keys', () => {
    expect(redactor.data({ apiKey: 'anything', nested: ['tok-123456'], n: 1 })).toEqual({ apiKey: '<redacted>', nested: ['<redacted>'], n: 1 });
  });
});

describe('firstStderrLine', () => {
  const redactor = new Redactor();
  it('quotes the first line only, cut to 240 characters', () => {
    expect(firstStderrLine('boom\nSECRET=abc', redactor)).toBe('boom');
    expect(firstStderrLine(`${'x'.repeat(300)}\n`, redactor)).toHaveLength(240);
  });

  it("prefers uv's first error line over its progress output", () => {
    expect(firstStderrLine('Resolved 3 packages\nerror: No solution found\n  hint: more', redactor)).toBe('error: No solution found');
  });
});
