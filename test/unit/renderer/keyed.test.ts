import { describe, expect, it } from 'vitest';
import { keyed } from '../../../src/renderer/ui/keyed';

const keys = (items: string[]) => keyed(items, (item) => item).map(({ key }) => key);

describe('keyed', () => {
  it('gives repeats of one identity distinct keys, in order', () => {
    expect(keyed(['a', 'b', 'a'], (item) => item)).toEqual([
      { key: '0:a', item: 'a' },
      { key: '0:b', item: 'b' },
      { key: '1:a', item: 'a' },
    ]);
  });

  it('keeps an item its key when an item before it is dropped (a position would not)', () => {
    expect(keys(['x', 'y', 'z']).slice(1)).toEqual(keys(['y', 'z']));
  });

  it('never makes one key of two items, even when an identity looks like a key', () => {
    const all = keys(['a', '1:a', 'a', '0:a']);
    expect(new Set(all).size).toBe(all.length);
  });
});
