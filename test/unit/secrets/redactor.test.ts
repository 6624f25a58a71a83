import { describe, expect, it } from 'vitest';
import { createRedactor, encodingsOf, REDACTED } from '../../../src/main/secrets/redactor';

const SECRET = 'tok_3f9a/b+c=d&e"f\\g ü';

describe('createRedactor', () => {
  it('scrubs the value and its JSON, URL and base64 forms', () => {
    const redactor = createRedactor([SECRET]);
    const samples = [
      `raw ${SECRET} end`,
      `json ${JSON.stringify({ token: SECRET })}`,
      `json twice ${JSON.stringify(JSON.stringify({ token: SECRET }))}`,
      `ascii json ${JSON.stringify(SECRET).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}`,
      `url https://x.test/?t=${encodeURIComponent(SECRET)}`,
      `url lower ${encodeURIComponent(SECRET).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase())}`,
      `form ${encodeURIComponent(SECRET).replace(/%20/g, '+')}`,
      `b64 ${Buffer.from(SECRET).toString('base64')}`,
      `b64url ${Buffer.from(SECRET).toString('base64url')}`,
    ];
    for (const sample of samples) {
      const out = redactor.redact(sample);
      expect(out, sample).toContain(REDACTED);
      for (const form of encodingsOf(SECRET)) expect(out, sample).not.toContain(form);
    }
  });

  it('finds the value inside a longer base64 run at any byte offset (Basic auth)', () => {
    const token = 'ghp_abcdefghijklmnopqrstuvwxyz0123';
    const redactor = createRedactor([token]);
    for (const user of ['u', 'us', 'use', 'user']) {
      const header = `Authorization: Basic ${Buffer.from(`${user}:${token}`).toString('base64')}`;
      const out = redactor.redact(header);
      expect(out).toContain(REDACTED);
      // What survives is at most a few characters at each edge of the token's bits: not enough to rebuild it.
      const survivor = out.replace('Authorization: Basic ', '').split(REDACTED).join('');
      expect(survivor.length).toBeLessThanOrEqual(Buffer.from(`${user}:`).toString('base64').length + 4);
    }
  });

  it('leaves short values alone so ordinary text is not mangled', () => {
    const redactor = createRedactor(['abc', 'on', '']);
    expect(redactor.size).toBe(0);
    expect(redactor.redact('abc on the line')).toBe('abc on the line');
    redactor.add('abcd');
    expect(redactor.redact('xabcdx')).toBe(`x${REDACTED}x`);
  });

  it('prefers the longest match and redacts keys and values in nested data', () => {
    const redactor = createRedactor(['secret-one', 'secret-one-longer']);
    expect(redactor.redact('secret-one-longer!')).toBe(`${REDACTED}!`);
    const data = { list: ['a secret-one b', 3, null], nested: { 'secret-one': true, deep: [{ v: 'secret-one' }] } };
    expect(redactor.redactDeep(data)).toEqual({ list: [`a ${REDACTED} b`, 3, null], nested: { [REDACTED]: true, deep: [{ v: REDACTED }] } });
    expect(data.list[0]).toBe('a secret-one b');
  });

  it('picks up values added later', () => {
    const redactor = createRedactor();
    expect(redactor.redact('later-value')).toBe('later-value');
    redactor.add('later-value');
    redactor.add('later-value');
    expect(redactor.size).toBe(1);
    expect(redactor.redact('later-value')).toBe(REDACTED);
  });
});
