import { describe, expect, it } from 'vitest';
import { REDACTED } from '../../../src/main/redaction/marker';
import { createRedaction } from '../../../src/main/redaction/pipeline';
import { secretFloorProblem } from '../../../src/main/redaction/secret-floor';
import { encodingsOf } from '../../../src/main/redaction/secret-forms';
import { createSecretValues } from '../../../src/main/redaction/secret-values';

const SECRET = 'tok_3f9a/b+c=d&e"f\\g ü';

describe('createSecretValues', () => {
  it('scrubs the value and its JSON, URL, base64 and hex forms', () => {
    const values = createSecretValues([SECRET]);
    const hex = Buffer.from(SECRET).toString('hex');
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
      `hex ${hex}`,
      `HEX ${hex.toUpperCase()}`,
    ];
    for (const sample of samples) {
      const out = values.scrub(sample);
      expect(out, sample).toContain(REDACTED);
      for (const form of encodingsOf(SECRET)) expect(out, sample).not.toContain(form);
    }
  });

  it('finds the value inside a longer base64 run at any byte offset (Basic auth)', () => {
    const token = 'ghp_abcdefghijklmnopqrstuvwxyz0123';
    const values = createSecretValues([token]);
    for (const user of ['u', 'us', 'use', 'user']) {
      const header = `Authorization: Basic ${Buffer.from(`${user}:${token}`).toString('base64')}`;
      const out = values.scrub(header);
      expect(out).toContain(REDACTED);
      // What survives is at most a few characters at each edge of the token's bits: not enough to rebuild it.
      const survivor = out.replace('Authorization: Basic ', '').split(REDACTED).join('');
      expect(survivor.length).toBeLessThanOrEqual(Buffer.from(`${user}:`).toString('base64').length + 4);
    }
  });

  it('does not register values below the floor, so ordinary words are never blanked', () => {
    const values = createSecretValues(['abc', 'true', 'password', 'gatehouse', 'aaaaaaa1', '']);
    expect(values.size).toBe(0);
    expect(values.scrub('true abc password gatehouse aaaaaaa1')).toBe('true abc password gatehouse aaaaaaa1');
    expect(values.add('pa55word')).toBe(true);
    expect(values.scrub('xpa55wordx')).toBe(`x${REDACTED}x`);
  });

  it('says why a value is below the floor', () => {
    expect(secretFloorProblem('true')).toBe('shorter than 8 characters');
    expect(secretFloorProblem('aaaaaaaa1')).toBe('fewer than 5 different characters');
    expect(secretFloorProblem('gatehouse')).toContain('one kind of character');
    expect(secretFloorProblem('correct horse battery staple')).toBeNull();
    expect(secretFloorProblem('ghp_abcdefghijklmnopqrstuvwxyz0123')).toBeNull();
  });

  it('prefers the longest match and redacts keys and values in nested data', () => {
    const redaction = createRedaction({ secrets: createSecretValues(['secret-one', 'secret-one-longer']) });
    expect(redaction.text('secret-one-longer!')).toBe(`${REDACTED}!`);
    const data = { list: ['a secret-one b', 3, null], nested: { 'secret-one': true, deep: [{ v: 'secret-one' }] } };
    expect(redaction.value(data)).toEqual({ list: [`a ${REDACTED} b`, 3, null], nested: { [REDACTED]: true, deep: [{ v: REDACTED }] } });
    expect(data.list[0]).toBe('a secret-one b');
  });

  it('picks up values added later', () => {
    const values = createSecretValues();
    expect(values.scrub('later-value')).toBe('later-value');
    values.add('later-value');
    values.add('later-value');
    expect(values.size).toBe(1);
    expect(values.scrub('later-value')).toBe(REDACTED);
  });

  it('registers a value holding a lone surrogate (it has no URL encoding) and scrubs it, in text and as JSON', () => {
    const value = 'pass\ud800word-42';
    const values = createSecretValues();
    expect(values.add(value)).toBe(true);
    expect(values.scrub(`x ${value} y`)).toBe(`x ${REDACTED} y`);
    const redaction = createRedaction({ secrets: values });
    expect(JSON.stringify(redaction.value({ said: `x ${value} y` }))).toBe(JSON.stringify({ said: `x ${REDACTED} y` }));
  });
});
