// gateway.catalog_search answers (contract §2.2, §2.3): the always fields, capability cards with the
// contract's field names, only online servers unless include_offline adds cached cards marked offline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, expectFields } from './helpers/envelope';
import { corpusServer, LANES, openGateway, type Gateway } from './helpers/gateway';

interface Card {
  tool_id: string;
  server: string;
  tool_name: string;
  title?: string;
  short_description: string;
  tags: string[];
  availability: string;
  risk_hint: string;
  schema_dialect: string;
}
interface SearchBody {
  results: Card[];
  total_available: number;
  truncated: boolean;
}

const CARD_FIELDS = ['tool_id', 'server', 'tool_name', 'title', 'short_description', 'tags', 'availability', 'risk_hint', 'icons', 'execution', 'schema_dialect', 'code_hint'];
const CARD_ALWAYS = ['tool_id', 'server', 'tool_name', 'short_description', 'tags', 'availability', 'risk_hint', 'schema_dialect'];
const LONG_STORY =
  'A long description that goes on and on about nothing in particular, padding well past one hundred characters before it finally says archive.';

describe.each(LANES)('$label', (lane) => {
  let gw: Gateway;
  const search = async (args: Record<string, unknown>) => answerOf<SearchBody>(await gw.call('gateway.catalog_search', args));

  beforeAll(async () => {
    gw = await openGateway(lane, { mcpServers: { corpus: corpusServer('corpus') } });
  });
  afterAll(async () => gw?.close());

  it('answers with the always fields even when no server is online', async () => {
    const body = await search({ query: 'archive' });
    expect(body).toEqual({ results: [], total_available: 0, truncated: false });
  });

  it('returns cards with exactly the contract field names', async () => {
    await gw.call('gateway.connect_server', { server_name: 'corpus' });
    const body = await search({ limit: 100 });
    expect(body.results).toHaveLength(20);
    for (const card of body.results) {
      for (const key of Object.keys(card)) expect(CARD_FIELDS).toContain(key);
      expectFields(card, CARD_ALWAYS);
      expect(card.tool_id).toBe(`${card.server}::${card.tool_name}`);
      expect(card.server).toBe('corpus');
      expect(card.availability).toBe('online');
      expect(card.tags[0]).toBe('corpus');
      expect(card.schema_dialect).toBe('https://json-schema.org/draft/2020-12/schema');
      expect([...card.short_description].length).toBeLessThanOrEqual(100);
    }
    const byName = Object.fromEntries(body.results.map((c) => [c.tool_name, c]));
    expect(byName.vault_store?.title).toBe('Archive archive');
    expect(byName.archive).not.toHaveProperty('title');
    expect(byName.long_story?.short_description).toBe(`${LONG_STORY.slice(0, 97)}...`);
    expect(byName.fetch_url?.tags).toEqual(['corpus', 'http']);
    expect(byName.compress_files?.tags).toEqual(['corpus', 'file']);
  });

  it('adds no discovery extras without a query', async () => {
    const body = await search({});
    for (const extra of ['cli_hints', 'registry_candidates', 'manifest_candidates']) expect(body).not.toHaveProperty(extra);
  });

  it('keeps a disconnected (lazy) server searchable from its cached cards, marked lazy', async () => {
    const disconnected = answerOf<{ ok: boolean; new_status: string }>(await gw.call('gateway.disconnect_server', { server_name: 'corpus' }));
    expect(disconnected).toMatchObject({ ok: true, new_status: 'lazy' });
    const lazy = await search({ query: 'archive' });
    expect(lazy.results.map((c) => c.tool_id)).toEqual([
      'corpus::archive',
      'corpus::archive_list',
      'corpus::archive_extract',
      'corpus::vault_store',
      'corpus::make_archive',
    ]);
    expect(lazy.results.every((c) => c.availability === 'lazy')).toBe(true);
    expect(lazy.total_available).toBe(20);
    // include_offline adds servers that are down; a lazy one is not down, so nothing changes.
    expect((await search({ query: 'archive', include_offline: true })).results).toEqual(lazy.results);
  });

  it('lets the live list win over the cache: no card twice', async () => {
    await gw.call('gateway.connect_server', { server_name: 'corpus' });
    const body = await search({ include_offline: true, limit: 100 });
    expect(body.results).toHaveLength(20);
    expect(body.total_available).toBe(20);
    expect(body.results.every((c) => c.availability === 'online')).toBe(true);
  });
});
