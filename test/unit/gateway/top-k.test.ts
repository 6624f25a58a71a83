// topK picks the same first k as a full sort would, in the same order (ties kept in input order).
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { topK } from '../../../src/main/gateway/search/top-k';

it('equals a stable full sort cut at k', () => {
  fc.assert(
    fc.property(fc.array(fc.record({ score: fc.integer({ min: 0, max: 5 }), id: fc.nat() })), fc.integer({ min: 0, max: 20 }), (items, k) => {
      const compare = (a: { score: number }, b: { score: number }) => b.score - a.score;
      expect(topK(items, k, compare)).toEqual([...items].sort(compare).slice(0, k));
    }),
  );
});
