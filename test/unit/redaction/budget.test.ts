// The time budget is the backstop behind RE2 and the linear built-ins: a pass that still runs long withholds
// what it has not reached instead of sending it unredacted, and says so once.
import { describe, expect, it } from 'vitest';
import type { RedactionRule } from '../../../src/main/redaction/builtin-rules';
import { createRedaction } from '../../../src/main/redaction/pipeline';
import { WITHHELD } from '../../../src/main/redaction/walk';

describe('the redaction time budget', () => {
  it('withholds the strings a slow pass had not reached, and reports the overrun', () => {
    let now = 0;
    // A rule that "takes" 800 ms per string: the third string is past the 1 s base allowance.
    const slow: RedactionRule = { name: 'slow', apply: (text) => {
        now += 800;
        return text.replace('secret', '[REDACTED]');
      },
    };
    let overruns = 0;
    const redaction = createRedaction({ patterns: () => ({ builtins: [], custom: [slow], secretKeys: false }), clock: () => now, onOverrun: () => overruns++ });
    const out = redaction.value({ a: 'one secret', b: 'two secret', c: 'three secret', d: 4 });
    expect(out).toEqual({ a: 'one [REDACTED]', b: 'two [REDACTED]', c: WITHHELD, d: 4 });
    expect(overruns).toBe(1);
    // The next pass has a budget of its own.
    now += 10;
    expect(redaction.text('four secret')).toBe('four [REDACTED]');
  });

  it('grows the allowance with the text, so a large ordinary answer is not cut', () => {
    let now = 0;
    const steady: RedactionRule = { name: 'steady', apply: (text) => {
        now += text.length / 1000;
        return text;
      },
    };
    const redaction = createRedaction({ patterns: () => ({ builtins: [], custom: [steady], secretKeys: false }), clock: () => now });
    const big = 'x'.repeat(2_000_000);
    expect(redaction.value({ a: big, b: big })).toEqual({ a: big, b: big });
  });
});
