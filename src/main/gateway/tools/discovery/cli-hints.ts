// catalog_search's `cli_hints` (contract §2.3): manifest CLIs that match the query, so an agent can run
// `gh` or `rg` directly instead of looking for an MCP tool. Availability comes only from the inventory
// sync_environment and request_capability cached on disk: a search never probes, not even in the
// background ("no CLI probes"). Without a cache there are no hints; a stale one is still the best answer.
import { queryTerms, rankDocs, weightedTerms } from '../../../discovery/bm25';
import { asRecord, readJson } from '../../../common/json-file';
import { cacheFile } from '../../../discovery/paths';
import type { DiscoveryState } from '../../../discovery/state';
import type { Manifest } from '../../../discovery/types';
import { tokenize } from '../../catalog';
import { cliHint } from './candidate';

export type CliHint = ReturnType<typeof cliHint>;

/** name → path (null: not on PATH) as last probed; empty when nothing was ever probed. */
export function cachedClis(state: DiscoveryState): Map<string, string | null> {
  const clis = asRecord(readJson(cacheFile(state.ctx, 'cli-probe.json')).clis);
  return new Map(Object.entries(clis).map(([name, path]) => [name, typeof path === 'string' ? path : null]));
}

/** The manifest CLIs the cache knows about that match the query: installed ones first, then by BM25. */
export function rankCliHints(manifest: Manifest, cached: ReadonlyMap<string, string | null>, query: string, limit: number): CliHint[] {
  const terms = queryTerms(query);
  const docs = [...manifest.clis.values()]
    .filter((cli) => cached.has(cli.name))
    .map((cli) => ({ id: cli.name, terms: weightedTerms(cli.name, cli.keywords, cli.description) }));
  const hints: CliHint[] = [];
  for (const { id } of rankDocs(docs, terms)) {
    const cli = manifest.clis.get(id);
    if (!cli) continue;
    const keywordHits = terms.filter((t) => cli.keywords.some((k) => tokenize(k).includes(t)));
    const matched = terms.includes(cli.name)
      ? 'Matched query against CLI name.'
      : keywordHits.length
        ? `Matched query against CLI keywords (${keywordHits.join(', ')}).`
        : 'Matched query against CLI description.';
    const path = cached.get(id) ?? null;
    hints.push(cliHint(cli, path, path ? matched : `${matched} Not found on PATH when last checked (gateway.sync_environment).`));
  }
  // A hint is most useful for something the agent can run now; the sort is stable, so BM25 order stays.
  hints.sort((a, b) => Number(b.available) - Number(a.available));
  return hints.slice(0, Math.min(5, limit));
}

export function cliHints(state: DiscoveryState, query: string, limit: number): CliHint[] {
  const cached = cachedClis(state);
  return cached.size ? rankCliHints(state.manifest(), cached, query, limit) : [];
}
