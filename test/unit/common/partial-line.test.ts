// The stdio framers' partial line: chunks held in order with their byte count, joined once with the tail
// that ends the line, and forgotten when taken.
import { describe, expect, it } from 'vitest';
import { PartialLine } from '../../../src/main/common/partial-line';

describe('PartialLine', () => {
  it('joins the held chunks with the tail, counts bytes (not characters), and starts over after', () => {
    const line = new PartialLine();
    line.push(Buffer.from('{"a":'));
    line.push(Buffer.from('"é"'));
    expect(line.size).toBe(9);
    expect(line.finish(Buffer.from('}')).toString('utf8')).toBe('{"a":"é"}');
    expect(line.size).toBe(0);
    expect(line.finish().length).toBe(0);
  });

  it('hands back the tail itself when nothing is held, and the chunks in order when taken', () => {
    const line = new PartialLine();
    const tail = Buffer.from('{}');
    expect(line.finish(tail)).toBe(tail);
    line.push(Buffer.from('ab'));
    line.push(Buffer.from('cd'));
    expect(line.take().map((part) => part.toString())).toEqual(['ab', 'cd']);
    expect(line.size).toBe(0);
    line.push(Buffer.from('x'));
    line.clear();
    expect(line.finish().length).toBe(0);
  });
});
