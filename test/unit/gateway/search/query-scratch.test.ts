// QueryScratch remembers which segments a query wrote scratch into and resets exactly those entries, so
// one scratch (and each segment's arrays) serves every query in turn.
import { expect, it } from 'vitest';
import { indexTool } from '../../../../src/main/gateway/catalog';
import { QueryScratch } from '../../../../src/main/gateway/search/query-scratch';
import { Segment } from '../../../../src/main/gateway/search/segment';
import { syntheticTools } from '../../../../bench/search/synthetic-catalog';

const segmentOf = (server: number) => new Segment(`server-${server}`, syntheticTools(server, 100).map((tool) => indexTool(`server-${server}`, tool)));

it('lists each segment once, in first-touch order, and clears every entry it wrote', () => {
  const [a, b, c] = [segmentOf(0), segmentOf(1), segmentOf(2)];
  const scratch = new QueryScratch();
  for (let round = 0; round < 3; round++) {
    for (const [segment, position] of [[b, 7], [a, 3], [b, 99], [a, 0]] as const) {
      segment.reached[position] = 2;
      segment.scores[position] = 1.5 + round;
      scratch.reach(segment, position);
    }
    a.nameMatch[42] = 4;
    scratch.name(a, 42);
    c.nameMatch[5] = 2;
    scratch.name(c, 5);
    expect(scratch.active.slice(0, scratch.count)).toEqual([b, a, c]);
    expect(scratch.reachedCount).toBe(4); // named tools are not reached by being named
    expect(Array.from(b.touched.subarray(0, b.touchedCount))).toEqual([7, 99]);
    expect(Array.from(a.touched.subarray(0, a.touchedCount))).toEqual([3, 0]);

    scratch.clear();
    expect([scratch.count, scratch.reachedCount]).toEqual([0, 0]);
    for (const segment of [a, b, c]) {
      expect(segment.active).toBe(false);
      expect([segment.touchedCount, segment.namedCount]).toEqual([0, 0]);
      expect(segment.scores.every((s) => s === 0)).toBe(true);
      expect(segment.reached.every((r) => r === 0)).toBe(true);
      expect(segment.nameMatch.every((m) => m === 0)).toBe(true);
    }
    // It holds on to no segment after a query: one may leave the index before the next.
    expect(scratch.active.every((s) => s === null)).toBe(true);
  }
});
