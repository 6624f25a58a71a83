// The persistent catalog index (issue 15): it follows each server's tool list by identity, re-indexes only
// a server whose list changed, never reads an unchanged tool again, and keeps policy and the per-server
// cap. Also the partial-word rules (issue 12): a partial word is completed only where it helps.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Tool } from '@modelcontextprotocol/client';
import { afterAll, describe, expect, it } from 'vitest';
import { CatalogIndex, indexTool, searchCatalog, type CatalogSource } from '../../../src/main/gateway/catalog';
import { loadPolicy } from '../../../src/main/policy';
import { BENCH_QUERIES, syntheticTools } from '../../../bench/search/synthetic-catalog';
import { BILLING, FORGE, TRACKER } from '../../fixtures/corpus-tools';

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-catalog-index-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function policyFrom(yaml: string) {
  const path = join(dir, `policy-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(path, yaml);
  const policy = loadPolicy({ env: { GATEHOUSE_POLICY: path }, homeDir: dir, projectRoot: null });
  expect(policy.error).toBeNull();
  return policy;
}

const openPolicy = policyFrom('tools:\n  denylist: []\n');

function tool(name: string, description: string): Tool {
  return { name, description, inputSchema: { type: 'object', properties: {} } };
}

/** The tools, each behind a Proxy that counts every property read: an index that re-reads a tool shows. */
function counted(tools: readonly Tool[]): { tools: Tool[]; reads: () => number } {
  let reads = 0;
  const proxied = tools.map((t) => new Proxy(t, {
        get: (target, key, receiver) => {
          reads++;
          return Reflect.get(target, key, receiver);
        },
      }));
  return { tools: proxied, reads: () => reads };
}

const ids = (index: CatalogIndex, query: string, filters = {}, limit = 100) => index.search(query, filters, limit).hits.map((h) => h.card.tool_id);

describe('CatalogIndex updates', () => {
  it('reads no tool again while the lists stay the same, and re-indexes only the server whose list changed', () => {
    const billing = counted(BILLING);
    const tracker = counted(TRACKER);
    const index = new CatalogIndex();
    let sources: CatalogSource[] = [
      { server: 'billing', tools: billing.tools, availability: 'online' },
      { server: 'tracker', tools: tracker.tools, availability: 'online' },
    ];
    index.update(sources, openPolicy);
    expect(ids(index, 'invoice')[0]).toBe('billing::list_invoices');
    const billingReads = billing.reads();
    const trackerReads = tracker.reads();
    const generation = index.generation;
    expect(billingReads).toBeGreaterThan(0);

    for (const query of ['invoice', 'issues', 'ticket', 'calendar events', '', 'refund']) {
      index.update(sources, openPolicy);
      index.search(query, {}, 20);
    }
    expect(billing.reads()).toBe(billingReads);
    expect(tracker.reads()).toBe(trackerReads);
    expect(index.generation).toBe(generation);

    // tracker re-lists (list_changed): a new array. billing is not read again.
    const relisted = counted([...TRACKER, tool('list_incidents', 'List open incidents.')]);
    sources = [sources[0] as CatalogSource, { server: 'tracker', tools: relisted.tools, availability: 'online' }];
    index.update(sources, openPolicy);
    expect(ids(index, 'incidents')).toEqual(['tracker::list_incidents']);
    expect(index.generation).toBe(generation + 1);
    expect(billing.reads()).toBe(billingReads);
    expect(relisted.reads()).toBeGreaterThan(0);
  });

  it('drops a server that is no longer listed, and its words with it', () => {
    const index = new CatalogIndex();
    index.update([{ server: 'billing', tools: BILLING, availability: 'online' }, { server: 'forge', tools: FORGE, availability: 'online' }], openPolicy);
    expect(index.search('', {}, 100).total_available).toBe(BILLING.length + FORGE.length);
    index.update([{ server: 'forge', tools: FORGE, availability: 'online' }], openPolicy);
    const answer = index.search('invoice', {}, 100);
    expect(answer).toEqual({ hits: [], total_available: FORGE.length, truncated: false });
  });

  it('swaps cached offline cards for the live list of the same server', () => {
    const index = new CatalogIndex();
    index.update([{ server: 'billing', tools: BILLING, availability: 'offline' }], openPolicy);
    expect(index.search('invoice', {}, 1).hits[0]?.card.availability).toBe('offline');
    index.update([{ server: 'billing', tools: BILLING, availability: 'online' }], openPolicy);
    expect(index.search('invoice', {}, 1).hits[0]?.card.availability).toBe('online');
  });

  it('re-applies a new policy: denied tools and tools past max_tools_per_server leave the index', () => {
    const index = new CatalogIndex();
    const sources: CatalogSource[] = [{ server: 'billing', tools: BILLING, availability: 'online' }];
    index.update(sources, openPolicy);
    expect(ids(index, 'invoice')).toContain('billing::send_receipt');

    index.update(sources, policyFrom('tools:\n  denylist: ["billing::send_*"]\n'));
    expect(ids(index, 'invoice')).toEqual(['billing::list_invoices']);

    // The cap keeps the server's own first two tools (list_invoices, get_customer).
    index.update(sources, policyFrom('limits:\n  max_tools_per_server: 2\n'));
    expect(index.search('', {}, 100).hits.map((h) => h.card.tool_name)).toEqual(['get_customer', 'list_invoices']);
    expect(ids(index, 'refund')).toEqual([]);
  });
});

describe('CatalogIndex ranking', () => {
  const catalog = CatalogIndex.of([...BILLING.map((t) => indexTool('billing', t)), ...TRACKER.map((t) => indexTool('tracker', t)), ...FORGE.map((t) => indexTool('forge', t))]);

  it('ranks a whole tool_id as an exact name', () => {
    expect(ids(catalog, 'forge::create_issue')[0]).toBe('forge::create_issue');
    expect(ids(catalog, 'FORGE::create')[0]).toMatch(/^forge::create_/);
  });

  it('ranks the same words in another form like an exact name, before a literal name prefix', () => {
    const tools = [indexTool('s', tool('list_invoices_archive', 'List invoices.')), indexTool('s', tool('list_invoices', 'List invoices.'))];
    expect(searchCatalog(tools, 'list invoice', {}, 10).results.map((c) => c.tool_name)).toEqual(['list_invoices', 'list_invoices_archive']);
  });

  it('completes a partial word of four or more letters that is not a word of the catalog', () => {
    expect(ids(catalog, 'repo')[0]).toBe('forge::search_repositories');
    expect(ids(catalog, 'calend')).toEqual(['tracker::calendar.list_events']);
    expect(ids(catalog, 'car')).toEqual([]); // too short
    expect(ids(catalog, 'cal')).toEqual([]);
  });

  it('does not complete a word the catalog has', () => {
    // "list" is a word here: it must not also find "listing"-like longer words.
    const tools = [indexTool('s', tool('list_items', 'List items.')), indexTool('s', tool('listener_add', 'Register a listener.'))];
    expect(searchCatalog(tools, 'list', {}, 10).results.map((c) => c.tool_name)).toEqual(['list_items']);
  });

  it('does not complete a prefix shared by too many words', () => {
    const words = ['contact', 'contain', 'content', 'contest', 'context', 'continent', 'contract', 'control', 'contour'];
    const tools = words.map((w) => indexTool('s', tool(`${w}_api`, `About the ${w}.`)));
    expect(searchCatalog(tools, 'cont', {}, 20).results).toEqual([]); // nine completions: too vague
    expect(searchCatalog(tools.slice(0, 8), 'cont', {}, 20).results).toHaveLength(8);
    expect(searchCatalog(tools, 'conti', {}, 20).results.map((c) => c.tool_name)).toEqual(['continent_api']);
  });

  it('counts a completed partial word half as much as a whole word', () => {
    // Alike but for which query word each holds; without the half weight "aaa" would win the tie by name.
    const tools = [indexTool('s', tool('aaa', 'Repository.')), indexTool('s', tool('bbb', 'Mirror.'))];
    expect(searchCatalog(tools, 'mirror repo', {}, 10).results.map((c) => c.tool_name)).toEqual(['bbb', 'aaa']);
    // Where "repo" is a word of the catalog it is not completed at all.
    const whole = [indexTool('s', tool('zeta', 'Repository mirror.')), indexTool('s', tool('alpha', 'Repo mirror.'))];
    expect(searchCatalog(whole, 'repo', {}, 10).results.map((c) => c.tool_name)).toEqual(['alpha']);
  });

  it('keeps the whole catalog\'s word statistics under filters, so filtering never reorders', () => {
    const all = ids(catalog, 'list issues invoices');
    const lowRisk = ids(catalog, 'list issues invoices', { risk_max: 'low' });
    expect(lowRisk).toEqual(all.filter((id) => lowRisk.includes(id)));
    expect(lowRisk.length).toBeGreaterThan(1);
  });

  it('returns the best `limit` of many matches in order and says more matched', () => {
    const tools = Array.from({ length: 300 }, (_, i) => indexTool(`s${i % 7}`, tool(`get_thing_${i}`, i % 3 ? 'Get a thing.' : 'Get a thing, get it now.')));
    const full = searchCatalog(tools, 'get thing', {}, 100);
    const first = searchCatalog(tools, 'get thing', {}, 10);
    expect(first.results).toEqual(full.results.slice(0, 10));
    expect(first.truncated).toBe(true);
    expect(full.truncated).toBe(true);
  });

  it('answers a small limit exactly as the first results of an exhaustive ranking (common words skipped only when they cannot matter)', () => {
    const index = new CatalogIndex();
    index.update(Array.from({ length: 20 }, (_, s) => ({ server: `s${String(s).padStart(2, '0')}`, tools: syntheticTools(s, 100), availability: 'online' as const })), openPolicy);
    for (const query of [...BENCH_QUERIES, 'list', 'get user', 'create issue invoice report']) {
      for (const filters of [{}, { risk_max: 'low' as const }, { server: 's03' }]) {
        const all = index.search(query, filters, 2000);
        for (const limit of [1, 5, 20]) {
          const cut = index.search(query, filters, limit);
          expect(cut.hits.map((h) => h.card.tool_id), `${query} ${JSON.stringify(filters)} limit ${limit}`).toEqual(all.hits.slice(0, limit).map((h) => h.card.tool_id));
          expect(cut.truncated).toBe(all.hits.length > limit);
        }
      }
    }
  });
});
