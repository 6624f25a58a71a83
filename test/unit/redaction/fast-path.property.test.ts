// The redaction fast path (clean.ts) may skip the walk only when the walk would change nothing: over
// random JSON values holding random secrets (quotes, backslashes, control characters, non-ASCII, lone
// surrogates), label words and secret-looking keys, in keys, in strings and in JSON texts nested in strings,
// the answer with the fast path equals the answer of the full walk, and no registered secret survives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRedaction } from '../../../src/main/redaction/pipeline';
import { NO_PATTERNS, patternSet } from '../../../src/main/redaction/patterns';
import { clearsSecretFloor } from '../../../src/main/redaction/secret-floor';
import { encodingsOf } from '../../../src/main/redaction/secret-forms';
import { createSecretValues } from '../../../src/main/redaction/secret-values';

const secretText = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{12,30}$/u),
  // JSON.stringify escapes these: the fast path must look for the escaped form.
  fc.tuple(fc.stringMatching(/^[A-Za-z0-9]{6,12}$/u), fc.constantFrom('"', '\\', '\n', '\t', '\u0001', '\u007f', 'é', '\u2028', '😀', '\ud800', '\udc00'), fc.stringMatching(/^[A-Za-z0-9]{2,8}$/u)).map(([a, c, b]) => `${a}${c}${b}`),
  fc.string({ unit: 'binary', minLength: 8, maxLength: 20 }),
  fc.string({ unit: 'grapheme', minLength: 8, maxLength: 20 }),
);
const words = ['api_key', 'password', 'token', 'Bearer abc123def456', 'sk-abcdefghijklmnopqrst', 'eyJ', 'ok', 'type', 'text', 'secretary', 'AKIA'];

function valueWith(secrets: string[]) {
  const sometimesSecret = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom(...words),
    fc.tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...secrets), fc.string({ maxLength: 6 })).map(([a, s, b]) => `${a}${s}${b}`),
    // A secret's encoding sits in text as a child would print it.
    fc.constantFrom(...secrets).chain((s) => fc.constantFrom(...encodingsOf(s), s)),
  );
  const leaf = fc.oneof(sometimesSecret, fc.integer(), fc.boolean(), fc.constant(null));
  return fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object'), tie('jsonText')),
    array: fc.array(tie('value'), { maxLength: 4 }),
    object: fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...words), sometimesSecret), tie('value'), { maxKeys: 4 }),
    // JSON texts inside strings, sometimes twice over (a downstream JSON text inside a meta-tool answer).
    jsonText: fc.oneof(tie('object'), tie('array')).chain((inner) => fc.constantFrom(JSON.stringify(inner), JSON.stringify({ text: JSON.stringify(inner) }))),
  })).value;
}

const patternChoices = [NO_PATTERNS, patternSet([], false), patternSet([], true)];

function strings(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.push(key);
      strings(item, into);
    }
  }
  return into;
}

describe('the redaction fast path', () => {
  it('answers exactly what the full walk answers, and leaves no registered secret anywhere', () => {
    fc.assert(
      fc.property(
        fc.array(secretText, { minLength: 1, maxLength: 3 }).chain((secrets) => fc.tuple(fc.constant(secrets), valueWith(secrets), fc.constantFrom(...patternChoices), fc.boolean())),
        ([secrets, value, patterns, patternsOn]) => {
          const fast = createRedaction({ secrets: createSecretValues(secrets), patterns: () => patterns });
          const walk = createRedaction({ secrets: createSecretValues(secrets), patterns: () => patterns, prefilter: false });
          const out = fast.value(value, { patterns: patternsOn });
          expect(out).toEqual(walk.value(value, { patterns: patternsOn }));
          for (const text of strings(value)) expect(fast.text(text, { patterns: patternsOn })).toBe(walk.text(text, { patterns: patternsOn }));
          const serialized = JSON.stringify(out);
          for (const secret of secrets.filter(clearsSecretFloor)) {
            for (const text of strings(out)) expect(text.includes(secret), `${JSON.stringify(secret)} in ${JSON.stringify(text)}`).toBe(false);
            // What a transport writes holds no secret in its JSON-escaped form either.
            expect(serialized.includes(JSON.stringify(secret).slice(1, -1))).toBe(false);
          }
        },
      ),
      { numRuns: 600 },
    );
    // Generous: the shared machines are slow when loaded, and 600 runs of two pipelines take a while there.
  }, 60_000);

  it('hands back the very value when nothing could match, and a copy as soon as anything does', () => {
    const redaction = createRedaction({ secrets: createSecretValues(['s3cr3t-"quoted"-value']), patterns: () => patternSet([], false) });
    const clean = { content: [{ type: 'text', text: '{"tool_id":"everything::echo","ok":true}' }] };
    expect(redaction.value(clean)).toBe(clean);
    const withSecret = { content: [{ type: 'text', text: JSON.stringify({ said: 's3cr3t-"quoted"-value' }) }] };
    const out = redaction.value(withSecret);
    expect(out).not.toBe(withSecret);
    expect(JSON.stringify(out)).not.toContain('s3cr3t');
    const labelled = { note: 'password=hunter2hunter2' };
    expect(redaction.value(labelled)).toEqual({ note: 'password= [REDACTED]' });
  });
});
