// catalog_search's `manifest_candidates` (contract §2.3): servers of the manifest that match the query
// but are not configured yet — so a search for "github" can say "this exists; provision it" even when
// nothing behind the gateway has such a tool. Ranked with the same BM25 as request_capability.
import { queryTerms, rankDocs, weightedTerms } from '../../../discovery/bm25';
import type { DiscoveryState } from '../../../discovery/state';
import type { GatewayContext } from '../../meta-tool';
import { manifestCandidate, type Candidate } from './candidate';
import { serverFacts } from './facts';

export async function manifestCandidates(state: DiscoveryState, gateway: GatewayContext, query: string, limit: number): Promise<Candidate[]> {
  const terms = queryTerms(query);
  if (!terms.length) return [];
  const manifest = state.manifest();
  const docs = [...manifest.servers.values()]
    .filter((server) => !gateway.supervisor.get(server.name) && gateway.policy().serverAllowed(server.name))
    .map((server) => ({ id: server.name, terms: weightedTerms(server.name, server.keywords, server.description) }));
  const out: Candidate[] = [];
  for (const { id, score } of rankDocs(docs, terms).slice(0, Math.min(5, limit))) {
    const entry = manifest.servers.get(id);
    if (entry) out.push(manifestCandidate(entry, score, 'The manifest offers this server; it is not configured yet.', await serverFacts(state, gateway, entry)));
  }
  return out;
}
