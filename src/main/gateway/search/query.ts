// A catalog_search query, cut once: its terms (stemmed, one per stem) for the ranking, and the query as
// a name to compare with tool names for the "exact name, then name prefix" order (contract §2.3).
import { isStopWord, nameTerms, textTerms, type Term } from '../../common/search-words';

export interface ParsedQuery {
  readonly terms: readonly Term[];
  /** Lower-cased, stop-words and --flags removed, so they cannot change the order. */
  readonly nameQuery: string;
  /** The stems of nameQuery read as a name: "archived" is the name `archive` in another form. */
  readonly nameStems: readonly string[];
}

// Agents repeat their searches ("list invoices" again after an invoke): the last queries' cuts are kept,
// so a repeated query allocates no words, stems or name forms again. Bounded (oldest out first) so a
// stream of distinct queries cannot grow it; a parse is never changed after it is made.
const PARSED_LIMIT = 128;
const parsedQueries = new Map<string, ParsedQuery>();

export function parseQuery(query: string): ParsedQuery {
  let parsed = parsedQueries.get(query);
  if (parsed) return parsed;
  parsed = parse(query);
  if (parsedQueries.size >= PARSED_LIMIT) parsedQueries.delete(parsedQueries.keys().next().value as string);
  parsedQueries.set(query, parsed);
  return parsed;
}

function parse(query: string): ParsedQuery {
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
