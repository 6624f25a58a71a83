// catalog_search's `manifest_candidates` (contract §2.3): servers of the manifest that match the query
// but are not configured yet — so a search for "github" can say "this exists; provision it" even when
// nothing behind the gateway has such a tool. Ranked with the same BM25 as request_capability.
import { buildRanker, queryTerms, weightedTerms, type Ranker } from '../../../discovery/bm25';
import type { Manifest } from '../../../discovery/types';
import type { DiscoveryState } from '../../../discovery/state';
import type { GatewayContext } from '../../meta-tool';
import { manifestCandidate, type Candidate } from './candidate';
import { serverFacts } from './facts';

// The manifest's servers counted once per manifest (loadManifest returns the same object until a file's
// bytes change): stemming ~200 descriptions on every search was most of catalog_search's time (issue 15).
const rankers = new WeakMap<Manifest, Ranker>();

function rankerOf(manifest: Manifest): Ranker {
  let ranker = rankers.get(manifest);
  if (!ranker) {
    ranker = buildRanker([...manifest.servers.values()].map((server) => ({ id: server.name, terms: weightedTerms(server.name, server.keywords, server.description) })));
    rankers.set(manifest, ranker);
  }
  return ranker;
}

export async function manifestCandidates(state: DiscoveryState, gateway: GatewayContext, query: string, limit: number): Promise<Candidate[]> {
  const terms = queryTerms(query);
  if (!terms.length) return [];
  const manifest = state.manifest();
  const policy = gateway.policy();
  const unconfigured = (name: string) => !gateway.supervisor.get(name) && policy.serverAllowed(name);
  const out: Candidate[] = [];
  for (const { id, score } of rankerOf(manifest).rank(terms, unconfigured).slice(0, Math.min(5, limit))) {
    const entry = manifest.servers.get(id);
    if (entry) out.push(manifestCandidate(entry, score, 'The manifest offers this server; it is not configured yet.', await serverFacts(state, gateway, entry)));
  }
  return out;
}
