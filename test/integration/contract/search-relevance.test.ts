// catalog_search relevance over real servers (issue 12): server-everything plus the fixture catalogs,
// behind a real gateway. Word forms (plural/singular, -ing, -ed), name styles (snake, camel, kebab,
// dotted, server::tool), partial words that help, and partial words that must not flood the answer.
// Ranking does not depend on the transport, so one lane is enough.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEVANCE_CASES, type RelevanceCase } from '../../fixtures/search-relevance';
import { answerOf } from './helpers/envelope';
import { CORPUS_SERVER, everythingServer, LANES, openGateway, type Gateway } from './helpers/gateway';

interface SearchBody {
  results: { tool_id: string }[];
}

const fixture = (set: string) => ({ command: process.execPath, args: [CORPUS_SERVER], env: { CORPUS_SET: set } });
const SERVERS = { everything: everythingServer(), corpus: fixture('corpus'), billing: fixture('billing'), tracker: fixture('tracker'), forge: fixture('forge') };

describe('catalog_search relevance set', () => {
  let gw: Gateway;
  const lane = LANES[0]!;

  beforeAll(async () => {
    gw = await openGateway(lane, { mcpServers: SERVERS });
    for (const server_name of Object.keys(SERVERS)) {
      expect(answerOf<{ ok: boolean }>(await gw.call('gateway.connect_server', { server_name })).ok).toBe(true);
    }
  });
  afterAll(async () => gw?.close());

  const found = async (c: RelevanceCase) => {
    const args = { query: c.query, limit: 100, ...(c.server ? { filters: { server: c.server } } : {}) };
    return answerOf<SearchBody>(await gw.call('gateway.catalog_search', args)).results.map((r) => r.tool_id);
  };

  it('has at least 25 cases with an expected first result', () => {
    expect(RELEVANCE_CASES.filter((c) => c.top).length).toBeGreaterThanOrEqual(25);
  });

  it.each(RELEVANCE_CASES.map((c) => [`${c.query}${c.server ? ` (server ${c.server})` : ''}: ${c.why}`, c] as const))('%s', async (_name, c) => {
    const ids = await found(c);
    if (c.top) expect([c.top].flat()).toContain(ids[0]);
    if (c.first) {
      const skip = c.top ? 1 : 0;
      expect(ids.slice(skip, skip + c.first.length).sort()).toEqual([...c.first].sort());
    }
    for (const id of c.absent ?? []) expect(ids).not.toContain(id);
    if (c.none) expect(ids).toEqual([]);
  });
});
