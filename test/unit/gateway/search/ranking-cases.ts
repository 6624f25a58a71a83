// The searches the golden ranking test replays: a synthetic catalog of 10,000 tools (100 servers of 100,
// the bench's catalog), every bench query plus name, prefix, partial-word and tool_id queries, under
// several filters and limits. Each case's answer is reduced to a short digest of its ordered tool_ids,
// `truncated` and `total_available`, so the golden file stays small while any change of order shows.
import { createHash } from 'node:crypto';
import { CatalogIndex, type SearchFilters } from '../../../../src/main/gateway/catalog';
import type { ToolLimits } from '../../../../src/main/gateway/indexed-tools';
import { BENCH_QUERIES, syntheticTools } from '../../../../bench/search/synthetic-catalog';

const QUERIES = [
  ...BENCH_QUERIES,
  '',
  'list',
  'get user',
  'create issue invoice report',
  'arch',
  'archive',
  'server-007::list',
  'SERVER-012::getInvoice',
  'calend',
  'cont',
  'list_invoices',
  'delete --force things',
  'how do i send an email to a customer',
];
const FILTERS: SearchFilters[] = [{}, { server: 'server-003' }, { risk_max: 'low' }, { risk_max: 'medium' }, { tags: ['git', 'database'] }];
const LIMITS = [1, 5, 20, 100];

export function rankingIndex(policy: ToolLimits, servers = 100): CatalogIndex {
  const index = new CatalogIndex();
  const sources = Array.from({ length: servers }, (_, s) => ({ server: `server-${String(s).padStart(3, '0')}`, tools: syntheticTools(s, 100), availability: 'online' as const }));
  index.update(sources, policy);
  return index;
}

/** Case name → digest of the answer. */
export function rankingDigests(index: CatalogIndex): Record<string, string> {
  const out: Record<string, string> = {};
  for (const query of QUERIES) {
    for (const filters of FILTERS) {
      for (const limit of LIMITS) {
        const answer = index.search(query, filters, limit);
        const text = `${answer.hits.map((h) => h.card.tool_id).join(',')}|${answer.truncated}|${answer.total_available}`;
        out[`${JSON.stringify(query)} ${JSON.stringify(filters)} ${limit}`] = createHash('sha256').update(text).digest('hex').slice(0, 16);
      }
    }
  }
  return out;
}
