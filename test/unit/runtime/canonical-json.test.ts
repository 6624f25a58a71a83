// Canonical JSON must equal Python's json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
// byte for byte; the expected strings below are what CPython 3.11 prints for the same values.
import { describe, expect, it } from 'vitest';
import { canonicalJson, CanonicalJsonError, compareCodePoints } from '../../../src/main/runtime/canonical-json';
import { aggregateDigest, profileDigest, sha256Hex } from '../../../src/main/runtime/digests';

describe('canonicalJson', () => {
  it('sorts keys, drops whitespace and keeps array order', () => {
    expect(canonicalJson({ b: [3, 1].map(String), a: { d: true, c: null } })).toBe('{"a":{"c":null,"d":true},"b":["3","1"]}');
  });

  it('sorts by code point, not UTF-16 unit (U+FFFF before U+10000)', () => {
    expect(canonicalJson({ '\u{10000}': 'astral', '\uFFFF': 'bmp' })).toBe('{"\uFFFF":"bmp","\u{10000}":"astral"}');
    expect(compareCodePoints('\uFFFF', '\u{10000}')).toBeLessThan(0);
    expect(['\u{10000}', '\uFFFF'].sort()).toEqual(['\u{10000}', '\uFFFF']); // what a naive sort would do
  });

  it('escapes exactly what Python escapes and writes non-ASCII raw', () => {
    expect(canonicalJson(['é✓😀', 'q"b\\', '\b\f\n\r\t', '\u0001\u001f', '\u007f', '\u2028'])).toBe('["é✓😀","q\\"b\\\\","\\b\\f\\n\\r\\t","\\u0001\\u001f","\u007f","\u2028"]');
  });

  it('refuses numbers and lone surrogates', () => {
    expect(() => canonicalJson({ a: 1 })).toThrow(CanonicalJsonError);
    expect(() => canonicalJson('\uD800x')).toThrow(/lone surrogate/);
    expect(() => canonicalJson('x\uDC00')).toThrow(/lone surrogate/);
  });
});

describe('digests', () => {
  it('hashes a profile over sorted dependencies and the constraint', () => {
    const expected = sha256Hex('{"dependencies":["a","b"],"requiresPython":">=3.10"}');
    expect(profileDigest(['b', 'a'], '>=3.10')).toBe(expected);
  });

  it('hashes the policy without its own aggregate field', () => {
    const policy = { kind: 'K', aggregateSha256: 'x'.repeat(64), list: ['z'] };
    expect(aggregateDigest(policy)).toBe(sha256Hex('{"kind":"K","list":["z"]}'));
  });
});
