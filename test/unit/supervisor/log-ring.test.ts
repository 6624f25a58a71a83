import { describe, expect, it } from 'vitest';
import { LogRing } from '../../../src/main/supervisor/log-ring';

describe('LogRing', () => {
  it('splits chunks into lines on LF and CRLF', () => {
    const ring = new LogRing();
    ring.push('one\ntwo\r\nthree\n');
    expect(ring.tail()).toEqual(['one', 'two', 'three']);
  });

  it('joins a line written across several chunks', () => {
    const ring = new LogRing();
    ring.push('hel');
    ring.push('lo wor');
    ring.push('ld\nnext');
    expect(ring.tail()).toEqual(['hello world', 'next']);
  });

  it('handles a CRLF split between chunks', () => {
    const ring = new LogRing();
    ring.push('a\r');
    ring.push('\nb\n');
    expect(ring.tail()).toEqual(['a', 'b']);
  });

  it('includes an unterminated last line in the tail without committing it', () => {
    const ring = new LogRing();
    ring.push('done\npartial');
    expect(ring.tail()).toEqual(['done', 'partial']);
    ring.push(' more\n');
    expect(ring.tail()).toEqual(['done', 'partial more']);
  });

  it('keeps empty lines', () => {
    const ring = new LogRing();
    ring.push('a\n\nb\n');
    expect(ring.tail()).toEqual(['a', '', 'b']);
  });

  it('keeps only the newest maxLines lines', () => {
    const ring = new LogRing(3);
    for (let i = 1; i <= 10; i++) ring.push(`line ${i}\n`);
    expect(ring.tail()).toEqual(['line 8', 'line 9', 'line 10']);
    ring.push('line 11\nline 12\nline 13\nline 14\n');
    expect(ring.tail()).toEqual(['line 12', 'line 13', 'line 14']);
  });

  it('returns the last count lines', () => {
    const ring = new LogRing();
    ring.push('a\nb\nc\nd');
    expect(ring.tail(2)).toEqual(['c', 'd']);
    expect(ring.tail(10)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('cuts a long complete line to maxLineLength and marks the cut', () => {
    const ring = new LogRing(10, 5);
    ring.push('abcdefghij\nabcde\n');
    expect(ring.tail()).toEqual(['abcde…', 'abcde']);
  });

  it('bounds an endless unterminated line', () => {
    const ring = new LogRing(10, 8);
    for (let i = 0; i < 1000; i++) ring.push('xxxxxxxxxx');
    const [only] = ring.tail();
    expect(ring.tail()).toHaveLength(1);
    expect(only?.startsWith('xxxxxxxx')).toBe(true);
    expect(only?.length).toBeLessThanOrEqual(9);
  });

  it('starts empty', () => {
    expect(new LogRing().tail()).toEqual([]);
  });
});
