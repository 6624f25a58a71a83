// A catalog_search query, cut once: its terms (stemmed, one per stem) for the ranking, and the query as
// a name to compare with tool names for the "exact name, then name prefix" order (contract §2.3).
import { isStopWord, nameTerms, textTerms, type Term } from '../../common/search-words';

export interface ParsedQuery {
  terms: Term[];
  /** Lower-cased, stop-words and --flags removed, so they cannot change the order. */
  nameQuery: string;
  /** The stems of nameQuery read as a name: "archived" is the name `archive` in another form. */
  nameStems: string[];
}

export function parseQuery(query: string): ParsedQuery {
  const seen = new Set<string>();
  const terms = textTerms(query).filter((term) => !seen.has(term.stem) && seen.add(term.stem));
  const nameQuery = query
    .split(/\s+/)
    .filter((word) => word && !word.startsWith('-') && !isStopWord(word.toLowerCase()))
    .join(' ')
    .toLowerCase();
  return { terms, nameQuery, nameStems: nameTerms(nameQuery).map((t) => t.stem) };
}

/** How a tool's name matches the query: higher ranks first, before any relevance score. */
export const NameMatch = {
  none: 0,
  /** The name's words begin with the query's words, in some word form ("archived" → archive_list). */
  stemPrefix: 1,
  /** The name starts with the query as typed ("arch" → archive_list). */
  prefix: 2,
  /** The same words in another form ("list invoice" → list_invoices, "echoed" → echo). */
  stemExact: 3,
  /** The name or the whole tool_id, as typed (any case). */
  exact: 4,
} as const;
