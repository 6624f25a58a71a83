// "Exact name, then name prefix" (contract §2.3) without comparing the query with every tool name: the
// few tools a query's name could be are looked up (by whole name or its stems, by sorted prefix) and
// given their NameMatch in the segments' per-query scratch.
import type { CatalogTerms, Place } from './catalog-terms';
import { NameMatch, type ParsedQuery } from './query';
import type { Segment } from './segment';

const NONE: readonly Place[] = [];

export interface Scratch {
  /** Records that a tool was reached, so its scratch is read and reset. */
  reach(segment: Segment, position: number): void;
  /** Records that a tool was given a name match, so its match is reset. */
  name(segment: Segment, position: number): void;
}

/**
 * Marks the tools whose name matches the query. Every one of them joins the query's tools before any
 * word is read (they rank first whatever their score); an exact name is an answer even when no word of
 * the query reaches it (its words may all be stop-words to the ranking).
 */
export function markNames(terms: CatalogTerms, query: ParsedQuery, only: string | null, scratch: Scratch): void {
  const q = query.nameQuery;
  if (!q) return;
  const mark = ({ segment, position }: Place, match: number) => {
    if (only !== null && segment.server !== only) return;
    if (!segment.reached[position]) {
      segment.reached[position] = 1;
      scratch.reach(segment, position);
    }
    if (match === NameMatch.exact) segment.reached[position] = 2;
    const current = segment.nameMatch[position] as number;
    if (match <= current) return;
    if (!current) scratch.name(segment, position);
    segment.nameMatch[position] = match;
  };
  for (const place of terms.names.get(q) ?? NONE) mark(place, NameMatch.exact);
  const split = q.indexOf('::');
  if (split > 0) {
    // A whole tool_id, or the start of one: the server part must be the tool's server.
    const server = q.slice(0, split);
    const tool = q.slice(split + 2);
    const ofServer = (place: Place) => place.segment.server.toLowerCase() === server;
    for (const place of (terms.names.get(tool) ?? NONE).filter(ofServer)) mark(place, NameMatch.exact);
    if (tool) for (const place of terms.namesStartingWith(tool).filter(ofServer)) mark(place, NameMatch.prefix);
  }
  if (query.nameStems.length) {
    for (const place of terms.stemNames.get(query.nameStems.join(' ')) ?? NONE) mark(place, NameMatch.stemExact);
    for (const place of terms.stemNamesStartingWith(query.nameStems)) mark(place, NameMatch.stemPrefix);
  }
  for (const place of terms.namesStartingWith(q)) mark(place, NameMatch.prefix);
}
