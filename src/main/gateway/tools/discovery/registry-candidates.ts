// catalog_search's `registry_candidates` (contract §2.3): public MCP Registry servers that match the
// query, within 1.5 s. search_registry's client does the fetching, so its disk cache answers a repeated
// query at once and its failure cache keeps an unreachable registry from costing every search. A
// failure or an overrun leaves the field out: the catalog's own answer never waits longer than that.
import { queryTerms } from '../../../discovery/bm25';
import { registryBase, type RegistryAnswer } from '../../../discovery/registry-client';
import { searchRegistryQuick } from '../../../discovery/registry-copy';
import type { RegistryResult } from '../../../discovery/registry-parse';
import type { DiscoveryContext } from '../../../discovery/types';
import { shortDescription } from '../../cards';
import { rankScore, registryCandidate, type Candidate } from './candidate';

export const REGISTRY_BUDGET_MS = 1_500;

/**
 * Registries whose search overran the budget and has not settled yet. The client only caches a
 * failure once its own 5 s timeout fires; until then a hanging registry is skipped, not waited on again.
 */
const overrunning = new Set<string>();

/** A CapabilityCandidate (contract §2.2, source "registry") plus a short description and the next step. */
export type RegistryCandidate = Candidate & { description: string | null; env_vars: string[]; next_step: string };

/** A server name register_discovered_server accepts, from a registry name such as `io.github.acme/notes`. */
export function suggestedServerName(registryName: string): string {
  const last = registryName.split('/').pop() ?? '';
  const name = last.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^[-_]+/, '').slice(0, 64);
  return name || 'server';
}

export function briefRegistryCandidate(result: RegistryResult, rank = 0): RegistryCandidate {
  return {
    ...registryCandidate(result, rankScore(rank)),
    description: result.description === null ? null : shortDescription(result.description),
    url: result.package ? null : result.url,
    env_vars: result.env_vars,
    next_step: result.package
      ? `gateway.register_discovered_server(package='${result.package}', server_name='${suggestedServerName(result.name)}')`
      : 'A remote server with no package: ask the operator to add its url to .mcp.json.',
  };
}

/** Up to min(5, limit) candidates, or null when the registry failed, overran the budget or had no match. */
export async function registryCandidates(ctx: DiscoveryContext, query: string, limit: number): Promise<RegistryCandidate[] | null> {
  if (!queryTerms(query).length) return null; // "a", "the": not worth a round trip
  const base = registryBase(ctx);
  if (overrunning.has(base)) return null;
  const count = Math.min(5, limit);
  // search_registry accepts at most 200 characters; the same bound keeps the URL and cache key small.
  const search = searchRegistryQuick(ctx, query.trim().slice(0, 200), count).catch((): RegistryAnswer | null => null);
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<'overrun'>((resolve) => {
    timer = setTimeout(() => resolve('overrun'), REGISTRY_BUDGET_MS);
  });
  const answer = await Promise.race([search, budget]);
  clearTimeout(timer);
  if (answer === 'overrun') {
    overrunning.add(base);
    void search.finally(() => overrunning.delete(base));
    return null;
  }
  if (!answer?.ok || !answer.results.length) return null;
  return answer.results.slice(0, count).map((result, rank) => briefRegistryCandidate(result, rank));
}
