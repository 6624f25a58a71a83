// Issue 15 (search at 10,000 tools): the index's hot path was rewritten for allocation, so its answers
// are pinned. ranking-golden.json holds, for 660 searches over the bench's 10,000-tool catalog, a digest
// of each ordered answer as the index gave it before that rewrite; the index must give the same, on a
// fresh index and again on the same index (its reused per-query scratch must leave nothing behind).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadPolicy } from '../../../../src/main/policy';
import { rankingDigests, rankingIndex } from './ranking-cases';

const home = mkdtempSync(join(tmpdir(), 'gatehouse-ranking-golden-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const golden = JSON.parse(readFileSync(join(__dirname, 'ranking-golden.json'), 'utf8')) as Record<string, string>;

it('answers every golden search at 10,000 tools exactly as before, twice in a row', () => {
  const index = rankingIndex(loadPolicy({ env: {}, homeDir: home, projectRoot: null }));
  expect(Object.keys(golden)).toHaveLength(660);
  expect(rankingDigests(index)).toEqual(golden);
  expect(rankingDigests(index)).toEqual(golden);
});
