import * as z from 'zod';
import { CatalogIndex, type CatalogSource } from '../catalog';
import { cardJson, searchAnswer } from '../search/search-answer';
import type { Availability } from '../cards';
import type { ServerStatus } from '../../../shared/domain';
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
  if (!pair) {
    pair = { live: new CatalogIndex(), withOffline: null };
    indexes.set(supervisor, pair);
  }
  if (!includeOffline) return pair.live;
  pair.withOffline ??= new CatalogIndex();
  return pair.withOffline;
}

/** How long a search waits for servers still being listed in the background before it answers. */
const INDEXING_WAIT_MS = 5000;

/** What a card says about its server: running, startable on use, on its way, or down. */
function availabilityOf(status: ServerStatus): Availability {
  if (status === 'online' || status === 'degraded') return 'online';
  if (status === 'lazy') return 'lazy';
  if (status === 'starting' || status === 'restarting') return 'starting';
  return 'offline';
}

export const catalogSearch = defineMetaTool({
  name: 'gateway.catalog_search',
  title: 'Search the tool catalog',
  // Two sentences: the list is read every session, so each word costs every agent context (issue 15).
  // The answer explains itself (availability, indexing, candidates).
  description:
    'Find downstream tools by what they do, across every configured server, running or not (a lazy one starts ' +
    'when used): compact cards with tool_id, server, short description, tags and risk. Then gateway.describe ' +
    'a tool_id for its arguments and gateway.invoke it.',
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
    // A first search may arrive while lazy servers are still being listed: wait a moment for them,
    // then say which are still going rather than answer as if they had no tools.
    await gateway.supervisor.settleIndexing(INDEXING_WAIT_MS);
    const indexing = gateway.supervisor.indexing();
    const sources: CatalogSource[] = [];
    for (const handle of gateway.supervisor.all()) {
      const availability = availabilityOf(handle.status);
      if (availability === 'online') {
        sources.push({ server: handle.name, tools: handle.tools, availability });
        continue;
      }
      // Cards from the background listing or the last time the server ran; a live list always wins, so
      // no tool appears twice. A server held back by project trust shows no cards: it cannot be
      // described or invoked (E404).
      if (handle.definition.untrusted || (availability === 'offline' && !args.include_offline)) continue;
      // A server that starts on use is offered only with tools read under its current definition; one
      // that is down may show what it had (include_offline says so).
      const cached = gateway.supervisor.cachedTools(handle.name);
      if (cached && (cached.fresh || availability === 'offline')) sources.push({ server: handle.name, tools: cached.tools, availability });
    }
    // Policy first, then the per-server cap: tools past max_tools_per_server are not indexed.
    const index = indexFor(gateway.supervisor, args.include_offline);
    index.update(sources, gateway.policy());
    const { hits, total_available, truncated } = index.search(args.query ?? '', args.filters ?? {}, args.limit);
    // L1 guidance: a code hint per card, from the full description (the card only has the short one);
    // each card's JSON is written once per tool and guidance (search-answer.ts).
    const guidance = gateway.guidance();
    const results = hits.map((tool) => cardJson(guidance, tool));
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
    return searchAnswer(results, {
      total_available,
      truncated,
      indexing: indexing.length ? indexing : null,
      manifest_candidates: some(manifest_candidates),
      cli_hints: some(cli_hints),
      registry_candidates: some(registry_candidates),
    });
  },
});
