import { describe, expect, it } from 'vitest';
import { createRedaction } from '../../../src/main/redaction/pipeline';
import { compileCustomPattern } from '../../../src/main/redaction/custom-pattern';
import { patternSet } from '../../../src/main/redaction/patterns';
import { memoizedText } from '../../../src/main/redaction/text-memo';

describe('memoizedText', () => {
  it('answers a repeated text from memory while the secrets and patterns stay the same', () => {
    const redaction = createRedaction();
    let runs = 0;
    const memo = memoizedText((text) => {
      runs += 1;
      return redaction.text(text);
    }, () => [redaction.secrets.size]);
    expect(memo('everything::echo')).toBe('everything::echo');
    expect(memo('everything::echo')).toBe('everything::echo');
    expect(runs).toBe(1);
  });

  it('forgets every answer when a secret value is registered, so the new secret is redacted at once', () => {
    const redaction = createRedaction();
    const memo = memoizedText((text) => redaction.text(text), () => [redaction.secrets.size]);
    const name = 'server-s3cr3t-token-value-123456';
    expect(memo(name)).toBe(name);
    redaction.secrets.add('s3cr3t-token-value-123456');
    expect(memo(name)).not.toContain('s3cr3t-token-value-123456');
  });

  it('forgets every answer when the pattern set in force is replaced (a policy reload)', () => {
    let patterns = patternSet([], false);
    const redaction = createRedaction({ patterns: () => patterns });
    const memo = memoizedText((text) => redaction.text(text), () => [redaction.secrets.size, patterns]);
    expect(memo('order-4711')).toBe('order-4711');
    const compiled = compileCustomPattern('order-\\d+');
    if (!compiled.ok) throw new Error(compiled.reason);
    patterns = patternSet([compiled.pattern], false);
    expect(memo('order-4711')).not.toBe('order-4711');
  });

  it('does not keep long texts (error messages): each is redacted when asked', () => {
    let runs = 0;
    const memo = memoizedText((text) => {
      runs += 1;
      return text;
    }, () => []);
    const long = 'x'.repeat(500);
    memo(long);
    memo(long);
    expect(runs).toBe(2);
  });
});
