// catalog_search follows tool-list changes (issue 15): the persistent index re-reads a server whose list
// changed (here: the fault fixture adds a tool and announces tools/list_changed), drops a server that
// went away, and keeps answering for the servers that did not change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../helpers/wait';
import { answerOf } from './helpers/envelope';
import { corpusServer, faultServer, LANES, openGateway, type Gateway } from './helpers/gateway';

interface SearchBody {
  results: { tool_id: string }[];
  total_available: number;
}

describe('catalog_search after the catalog changes', () => {
  let gw: Gateway;
  const search = async (query: string) => answerOf<SearchBody>(await gw.call('gateway.catalog_search', { query, limit: 100 }));
  const ids = async (query: string) => (await search(query)).results.map((r) => r.tool_id);

  beforeAll(async () => {
    gw = await openGateway(LANES[0]!, { mcpServers: { corpus: corpusServer('corpus'), fault: faultServer() } });
    for (const server_name of ['corpus', 'fault']) {
      expect(answerOf<{ ok: boolean }>(await gw.call('gateway.connect_server', { server_name })).ok).toBe(true);
    }
  });
  afterAll(async () => gw?.close());

  it('finds a tool added at runtime, by another word form, and still finds the others', async () => {
    expect(await ids('invoice')).toEqual([]);
    const before = (await search('')).total_available;
    expect(await ids('archive')).toContain('corpus::archive');

    const added = await gw.call('gateway.invoke', { tool_id: 'fault::add_tool', arguments: { name: 'list_invoices' } });
    expect(added.isError ?? false).toBe(false);
    const found = await waitFor(async () => {
      const now = await ids('invoice');
      return now.length ? now : false;
    }, 'the new tool in catalog_search');
    expect(found).toEqual(['fault::list_invoices']);
    expect((await search('')).total_available).toBe(before + 1);
    expect((await ids('archive'))[0]).toBe('corpus::archive');
  });

  it('keeps the tools of a server that disconnects, from its cached list (it starts again when used)', async () => {
    expect(answerOf<{ ok: boolean }>(await gw.call('gateway.disconnect_server', { server_name: 'fault' })).ok).toBe(true);
    expect((await ids('invoice')).filter((id) => id.startsWith('fault::'))).not.toEqual([]);
    expect((await ids('archive'))[0]).toBe('corpus::archive');
  });
});
