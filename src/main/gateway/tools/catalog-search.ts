import * as z from 'zod';
import { CatalogIndex, type CatalogSource, type IndexedTool } from '../catalog';
import type { Guidance } from '../guidance';
import { jsonResult } from '../envelope';
import { defineMetaTool } from '../meta-tool';
import type { ServerDirectory } from '../../supervisor/server-directory';
import { cliHints } from './discovery/cli-hints';
import { registryCandidates } from './discovery/registry-candidates';

// Persistent indexes per supervisor (one gateway; tests run several in one process): one of the live
// servers, and one that also holds the offline cards, made on the first include_offline search, so
// switching between the two kinds of query re-indexes nothing. Each follows the servers' tool lists by
// identity, so a search re-indexes only a server whose list changed.
const indexes = new WeakMap<ServerDirectory, { live: CatalogIndex; withOffline: CatalogIndex | null }>();

function indexFor(supervisor: ServerDirectory, includeOffline: boolean): CatalogIndex {
  let pair = indexes.get(supervisor);
  if (!pair) indexes.set(supervisor, (pair = { live: new CatalogIndex(), withOffline: null }));
  if (!includeOffline) return pair.live;
  return (pair.withOffline ??= new CatalogIndex());
}

// A card's code hint depends only on the tool and the guidance in force: worked out once per pair.
const hints = new WeakMap<Guidance, WeakMap<IndexedTool, ReturnType<Guidance['codeHint']>>>();

function codeHint(guidance: Guidance, tool: IndexedTool): ReturnType<Guidance['codeHint']> {
  let known = hints.get(guidance);
  if (!known) hints.set(guidance, (known = new WeakMap()));
  if (!known.has(tool)) known.set(tool, guidance.codeHint({ name: tool.card.tool_name, description: tool.description }));
  return known.get(tool) ?? null;
}

export const catalogSearch = defineMetaTool({
  name: 'gateway.catalog_search',
  title: 'Search the tool catalog',
  description:
    'Find downstream tools as compact capability cards (tool_id, server, short description, tags, risk). ' +
    'Call gateway.describe with a tool_id for its arguments, then gateway.invoke to run it. ' +
    'Only tools of online servers are listed unless include_offline=true, which adds cards of servers seen before ' +
    '(availability "offline"); describe or invoke a tool_id to start its server. With a query it also suggests ' +
    'servers to provision (manifest_candidates, registry_candidates) and installed CLIs (cli_hints).',
  annotations: { readOnlyHint: true },
  input: z.object({
    query: z.string().max(1000).nullish().describe('Words describing what you need; empty lists everything.'),
    filters: z
      .object({
        server: z.string().nullish(),
        tags: z.array(z.string()).nullish(),
        risk_max: z.enum(['low', 'medium', 'high']).nullish(),
      })
      .nullish(),
    limit: z.number().int().min(1).max(100).default(20),
    include_offline: z.boolean().default(false),
  }),
  async run(args, gateway) {
    const handles = gateway.supervisor.all();
    const live = (status: string) => status === 'online' || status === 'degraded';
    const sources: CatalogSource[] = handles.filter((h) => live(h.status)).map((h) => ({ server: h.name, tools: h.tools, availability: 'online' }));
    if (args.include_offline) {
      // Cards from the last time a server was seen; a live list always wins, so no tool appears twice.
      // A server held back by project trust shows no cards: it cannot be described or invoked (E404).
      for (const handle of handles.filter((h) => !live(h.status) && !h.definition.untrusted)) {
        const cached = gateway.supervisor.descriptions?.get(handle.name);
        if (cached) sources.push({ server: handle.name, tools: cached, availability: 'offline' });
      }
    }
    // Policy first, then the per-server cap: tools past max_tools_per_server are not indexed.
    const index = indexFor(gateway.supervisor, args.include_offline);
    index.update(sources, gateway.policy());
    const { hits, total_available, truncated } = index.search(args.query ?? '', args.filters ?? {}, args.limit);
    // L1 guidance: a code hint per card, from the full description (the card only has the short one).
    const guidance = gateway.guidance();
    const results = hits.map((tool) => ({ ...tool.card, code_hint: codeHint(guidance, tool) }));
    // With a query, also say what lies beyond the catalog (contract §2.3 extras, each ≤ min(5, limit)):
    // provisionable manifest servers, CLIs the cached inventory found, registry servers (≤ 1.5 s). The
    // registry round trip starts first so it overlaps the local work.
    const query = args.query?.trim();
    const discovery = gateway.discovery;
    const registry = query && discovery ? registryCandidates(discovery.ctx, query, args.limit) : null;
    const manifest_candidates = query && gateway.manifestCandidates ? await gateway.manifestCandidates(query, args.limit) : [];
    const cli_hints = query && discovery ? cliHints(discovery, query, args.limit) : [];
    const registry_candidates = (await registry) ?? [];
    const some = <T>(list: T[]) => (list.length ? list : null);
    return jsonResult({
      results,
      total_available,
      truncated,
      manifest_candidates: some(manifest_candidates),
      cli_hints: some(cli_hints),
      registry_candidates: some(registry_candidates),
    });
  },
});
