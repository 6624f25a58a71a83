// The relevance set (test/fixtures/search-relevance.ts) over the fixture catalogs alone, in-process: the
// cases that name no server-everything tool. The integration test runs every case over real servers.
import { describe, expect, it } from 'vitest';
import { CatalogIndex, indexTool } from '../../../src/main/gateway/catalog';
import { BILLING, CORPUS, FORGE, TRACKER } from '../../fixtures/corpus-tools';
import { RELEVANCE_CASES, type RelevanceCase } from '../../fixtures/search-relevance';

const lists = { corpus: CORPUS, billing: BILLING, tracker: TRACKER, forge: FORGE };
const index = CatalogIndex.of(Object.entries(lists).flatMap(([server, tools]) => tools.map((tool) => indexTool(server, tool))));

const named = (c: RelevanceCase) => [c.top ?? [], c.first ?? [], c.absent ?? []].flat();
const local = RELEVANCE_CASES.filter((c) => !named(c).some((id) => id.startsWith('everything::')));

describe('catalog_search relevance set, fixture catalogs only', () => {
  it('keeps most of the set', () => {
    expect(local.length).toBeGreaterThanOrEqual(25);
  });

  it.each(local.map((c) => [`${c.query}${c.server ? ` (server ${c.server})` : ''}: ${c.why}`, c] as const))('%s', (_name, c) => {
    const ids = index.search(c.query, c.server ? { server: c.server } : {}, 100).hits.map((h) => h.card.tool_id);
    if (c.top) expect([c.top].flat()).toContain(ids[0]);
    if (c.first) {
      const skip = c.top ? 1 : 0;
      expect(ids.slice(skip, skip + c.first.length).sort()).toEqual([...c.first].sort());
    }
    for (const id of c.absent ?? []) expect(ids).not.toContain(id);
    if (c.none) expect(ids).toEqual([]);
  });
});
