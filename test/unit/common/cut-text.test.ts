import { describe, expect, it } from 'vitest';
import { cutAtBoundary } from '../../../src/main/common/cut-text';
import { safeMessage } from '../../../src/main/common/errors';

describe('cutAtBoundary', () => {
  it('leaves short text alone', () => {
    expect(cutAtBoundary('short text', 20)).toBe('short text');
  });

  it('never keeps part of a token: a secret straddling the limit is dropped whole', () => {
    const secret = 'sk_live_51Habcdefghijklmnopqrstuv';
    const text = `${'word '.repeat(78)}${secret} tail`;
    const cut = cutAtBoundary(text, 400);
    expect(cut.length).toBeLessThanOrEqual(400);
    expect(cut.endsWith('word...')).toBe(true);
    for (let n = 4; n <= secret.length; n++) expect(cut).not.toContain(secret.slice(0, n));
  });

  it('cuts between tokens at quotes and brackets too', () => {
    expect(cutAtBoundary('{"token":"abcdefghijklmnop"}', 20)).toBe('{"token":"...');
  });

  it('drops a text that is one long token rather than keep its start', () => {
    expect(cutAtBoundary('x'.repeat(50), 20)).toBe('...');
  });
});

describe('safeMessage', () => {
  it('caps at 400 characters without leaving a secret prefix (the 600-character stderr case, item 7)', () => {
    const secret = 'ghp_0123456789abcdefghijklmnopqrstuvwx';
    const message = safeMessage(new Error(`${'a '.repeat(194)}${secret} after`));
    expect(message.length).toBeLessThanOrEqual(400);
    expect(message).not.toContain(secret.slice(0, 8));
  });
});
