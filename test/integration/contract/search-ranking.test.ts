// gateway.catalog_search ranking over a fixed corpus (contract §2.3): exact name, then name prefix, then
// BM25 relevance over stemmed words (the relevance set for word forms is search-relevance.test.ts), ties by server then tool_id; stop-words and --flag tokens carry no weight; a query word
// must occur in the name, short description or a tag; filters server / tags (any, case-insensitive) /
// risk_max; limit and truncated; total_available counted before the filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from './helpers/envelope';
import { corpusServer, LANES, openGateway, type Gateway } from './helpers/gateway';

interface Card {
  tool_id: string;
  server: string;
  risk_hint: 'low' | 'medium' | 'high';
  tags: string[];
}
interface SearchBody {
  results: Card[];
  total_available: number;
  truncated: boolean;
}

// corpus (20 tools) + aardvark (2 copies of corpus's notes); both online.
const TOTAL = 22;

describe.each(LANES)('$label', (lane) => {
  let gw: Gateway;
  const search = async (args: Record<string, unknown>) => answerOf<SearchBody>(await gw.call('gateway.catalog_search', args));
  const ids = async (args: Record<string, unknown>) => (await search(args)).results.map((c) => c.tool_id);

  beforeAll(async () => {
    // corpus is configured first, so any server order seen below comes from the ranking, not the config.
    gw = await openGateway(lane, { mcpServers: { corpus: corpusServer('corpus'), aardvark: corpusServer('mirror') } });
    for (const server_name of ['corpus', 'aardvark']) {
      expect(answerOf<{ ok: boolean }>(await gw.call('gateway.connect_server', { server_name })).ok).toBe(true);
    }
  });
  afterAll(async () => gw?.close());

  it('puts the exact name first, then name prefixes, then the rest by relevance', async () => {
    const found = await ids({ query: 'archive' });
    expect(found[0]).toBe('corpus::archive');
    expect(found.slice(1, 3).sort()).toEqual(['corpus::archive_extract', 'corpus::archive_list']);
    // vault_store says "archive" eight times, make_archive only in its name: relevance orders the rest.
    expect(found.slice(3)).toEqual(['corpus::vault_store', 'corpus::make_archive']);
  });

  it('matches the exact name regardless of case and surrounding spaces', async () => {
    expect(await ids({ query: '  ARCHIVE ' })).toEqual(await ids({ query: 'archive' }));
  });

  it('ignores words that occur only in argument names or past the 100-character short description', async () => {
    const found = await ids({ query: 'archive', limit: 100 });
    expect(found).not.toContain('corpus::ledger_sync');
    expect(found).not.toContain('corpus::long_story');
  });

  it('gives stop-words no weight', async () => {
    expect(await ids({ query: 'how do I archive the files' })).toEqual(await ids({ query: 'archive files' }));
    expect(await ids({ query: 'please use the tool for this', limit: 100 })).toEqual(await ids({ limit: 100 }));
  });

  it('gives --flag tokens no weight', async () => {
    // make_archive says "compressed": the same word in another form (stemmed), ranked after the name match.
    expect(await ids({ query: 'compress --verbose' })).toEqual(['corpus::compress_files', 'corpus::make_archive']);
    expect(await ids({ query: 'archive --verbose files' })).toEqual(await ids({ query: 'archive files' }));
    expect(await ids({ query: '--archive', limit: 100 })).toEqual(await ids({ limit: 100 }));
  });

  it('breaks ties by server, then tool_id, whatever the config or list order', async () => {
    expect(await ids({ query: 'note' })).toEqual(['aardvark::note_alpha', 'aardvark::note_beta', 'corpus::note_alpha', 'corpus::note_beta']);
  });

  it('filters by server without changing total_available', async () => {
    const body = await search({ query: 'note', filters: { server: 'aardvark' } });
    expect(body.results.map((c) => c.tool_id)).toEqual(['aardvark::note_alpha', 'aardvark::note_beta']);
    expect(body.total_available).toBe(TOTAL);
    const none = await search({ query: 'archive', filters: { server: 'nowhere' } });
    expect(none).toEqual({ results: [], total_available: TOTAL, truncated: false });
  });

  it('filters by tags: any of them, case-insensitive, server names included', async () => {
    expect(await ids({ filters: { tags: ['GIT'] } })).toEqual(['corpus::git_commit', 'corpus::git_log']);
    expect((await ids({ filters: { tags: ['git', 'Database'] } })).sort()).toEqual(
      ['corpus::delete_records', 'corpus::git_commit', 'corpus::git_log', 'corpus::query_records'],
    );
    expect(await ids({ filters: { tags: ['AARDVARK'] } })).toEqual(['aardvark::note_alpha', 'aardvark::note_beta']);
    const body = await search({ filters: { tags: ['git'] } });
    expect(body.total_available).toBe(TOTAL);
    for (const card of body.results) expect(card.tags).toContain('git');
  });

  it('derives risk from annotations and name words, and filters by risk_max', async () => {
    const all = (await search({ limit: 100 })).results;
    const risk = Object.fromEntries(all.map((c) => [c.tool_id, c.risk_hint]));
    expect(risk['corpus::archive_list']).toBe('low'); // "list"
    expect(risk['corpus::delete_records']).toBe('high'); // "delete"
    expect(risk['corpus::run_script']).toBe('medium'); // "run", softened by readOnlyHint only to medium
    expect(risk['corpus::get_weather']).toBe('high'); // destructiveHint wins over "get"
    expect(risk['corpus::archive']).toBe('medium');

    const low = await search({ filters: { risk_max: 'low' }, limit: 100 });
    expect(low.results.map((c) => c.tool_id).sort()).toEqual(['corpus::archive_list', 'corpus::fetch_url', 'corpus::query_records', 'corpus::search_docs']);
    expect(low.total_available).toBe(TOTAL);
    const medium = (await search({ filters: { risk_max: 'medium' }, limit: 100 })).results.map((c) => c.tool_id);
    expect(medium).toHaveLength(TOTAL - 2);
    expect(medium).not.toContain('corpus::delete_records');
    expect(medium).not.toContain('corpus::get_weather');
    expect(medium).toContain('corpus::run_script');
    expect((await search({ filters: { risk_max: 'high' }, limit: 100 })).results).toHaveLength(TOTAL);
  });

  it('combines filters with the query', async () => {
    expect(await ids({ query: 'archive', filters: { risk_max: 'low' } })).toEqual(['corpus::archive_list']);
    expect(await ids({ query: 'commit', filters: { tags: ['git'], server: 'corpus' } })).toEqual(['corpus::git_commit', 'corpus::git_log']);
  });

  it('cuts at limit and says so with truncated', async () => {
    const two = await search({ query: 'archive', limit: 2 });
    expect(two.results.map((c) => c.tool_id)).toEqual(['corpus::archive', (await ids({ query: 'archive' }))[1]]);
    expect(two.truncated).toBe(true);
    const five = await search({ query: 'archive', limit: 5 });
    expect(five.results).toHaveLength(5);
    expect(five.truncated).toBe(false);
    const everything = await search({ limit: 100 });
    expect(everything.results).toHaveLength(TOTAL);
    expect(everything.truncated).toBe(false);
    const defaulted = await search({});
    expect(defaulted.results).toHaveLength(20);
    expect(defaulted.truncated).toBe(true);
  });

  it('counts total_available before the query as well', async () => {
    expect(await search({ query: 'zzzzqqq' })).toEqual({ results: [], total_available: TOTAL, truncated: false });
  });
});
