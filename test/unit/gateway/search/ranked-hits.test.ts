// RankedHits keeps the same first k as a full sort by catalog_search's rank would, in the same order, and
// one instance reused query after query (with other k, fewer hits) carries nothing from one to the next.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { indexTool, type IndexedTool } from '../../../../src/main/gateway/catalog';
import { RankedHits } from '../../../../src/main/gateway/search/ranked-hits';
import { syntheticTools } from '../../../../bench/search/synthetic-catalog';

const docs: IndexedTool[] = syntheticTools(0, 40).map((tool) => indexTool('server-000', tool));

interface Candidate {
  match: number;
  score: number;
  segment: number;
  position: number;
}

/** The rank catalog_search has always used: name match, relevance, then server and tool_id order. */
const rank = (a: Candidate, b: Candidate) => b.match - a.match || b.score - a.score || a.segment - b.segment || a.position - b.position;

// Unique (segment, position) pairs, as in an index; few distinct scores and matches, so ties are decided late.
const candidates = fc.uniqueArray(
  fc.record({ match: fc.integer({ min: 0, max: 4 }), score: fc.constantFrom(0, 0.5, 1.25, 3), segment: fc.integer({ min: 0, max: 3 }), position: fc.integer({ min: 0, max: 39 }) }),
  { selector: (c) => `${c.segment}:${c.position}`, maxLength: 60 },
);

it('keeps the first k of a full sort by rank, query after query on one instance', () => {
  const hits = new RankedHits();
  const docOf = (c: Candidate) => docs[c.position] as IndexedTool;
  fc.assert(
    fc.property(fc.array(fc.tuple(candidates, fc.integer({ min: 0, max: 25 })), { minLength: 1, maxLength: 4 }), (queries) => {
      for (const [list, k] of queries) {
        hits.reset(k);
        for (const c of list) {
          const admitted = hits.admits(c.match, c.score, c.segment, c.position);
          hits.offer(docOf(c), c.match, c.score, c.segment, c.position);
          if (k === 0) expect(admitted).toBe(false);
        }
        const expected = [...list].sort(rank).slice(0, k);
        expect(hits.take()).toEqual(expected.map(docOf));
      }
    }),
  );
});

it('admits anything while not full, then only a hit that ranks before the last kept', () => {
  const hits = new RankedHits();
  hits.reset(2);
  expect(hits.admits(0, 0, 9, 9)).toBe(true);
  hits.offer(docs[0] as IndexedTool, 0, 1, 0, 0);
  hits.offer(docs[1] as IndexedTool, 0, 2, 0, 1);
  expect(hits.admits(0, 1, 0, 5)).toBe(false); // same score as the last kept, later position
  expect(hits.admits(0, 1.5, 0, 5)).toBe(true);
  expect(hits.admits(1, 0, 3, 3)).toBe(true); // a name match beats any score
  hits.offer(docs[2] as IndexedTool, 1, 0, 3, 3);
  expect(hits.take()).toEqual([docs[2], docs[1]]);
  expect(hits.take()).toEqual([]);
});
