// The tool index behind catalog_search (contract §2.3): a BM25 ranking over names, titles, descriptions
// and argument names, with words stemmed so that "invoice" finds list_invoices and "echoed" finds echo.
// Stop-words and flag-like tokens carry no meaning and are ignored. The persistent, per-server index
// lives in ./search; this file is its front door for callers that rank a list of tools once.
import { tokenize } from '../common/search-words';
import type { CapabilityCard } from './cards';
import { CatalogIndex, type SearchFilters } from './search/catalog-index';
import type { IndexedTool } from './search/indexed-tool';

export { tokenize };
export { indexTool, type IndexedTool } from './search/indexed-tool';
export { CatalogIndex, type CatalogSource, type SearchFilters, type SearchHits } from './search/catalog-index';

export interface SearchResult {
  results: CapabilityCard[];
  total_available: number;
  truncated: boolean;
}

/** Ranks a list of indexed tools once (an index built for this call only). */
export function searchCatalog(tools: readonly IndexedTool[], query: string, filters: SearchFilters, limit: number): SearchResult {
  const { hits, total_available, truncated } = CatalogIndex.of(tools).search(query, filters, limit);
  return { results: hits.map((tool) => tool.card), total_available, truncated };
}
