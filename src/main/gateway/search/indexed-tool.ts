// One tool as catalog_search sees it: its card, and its words cut and stemmed once, when its server's
// list arrives — never again per query.
import type { Tool } from '@modelcontextprotocol/client';
import { nameTerms, textTerms, type Term } from '../../common/search-words';
import { toCard, type CapabilityCard, type Availability } from '../cards';

export interface IndexedTool {
  card: CapabilityCard;
  /** The full description, for guidance hints (cards carry only the short one). */
  description: string;
  /** Stem → weighted count: a name word counts three times, a title word twice, the rest once. */
  counts: Map<string, number>;
  /** The sum of the counts (BM25's document length). */
  length: number;
  /**
   * The stems a query word must hit for the tool to be listed at all (contract §2.3): its name, short
   * description and tags — not an argument name, not words past the 100-character short description.
   */
  visible: Set<string>;
  /** Visible words as written, with their stems: what a partial query word ("repo") may complete. */
  visibleWords: Map<string, string>;
  /** The name's stems in order, so "archived" can match the name `archive` as a whole. */
  nameStems: string[];
  lowerName: string;
  lowerId: string;
  lowerTags: Set<string>;
}

const NAME_WEIGHT = 3;
const TITLE_WEIGHT = 2;

export function indexTool(server: string, tool: Tool, availability: Availability = 'online'): IndexedTool {
  const card = toCard(server, tool, availability);
  const name = nameTerms(tool.name);
  const argNames = Object.keys((tool.inputSchema.properties ?? {}) as Record<string, unknown>).flatMap(nameTerms);
  const counts = new Map<string, number>();
  let length = 0;
  const count = (terms: readonly Term[], weight: number) => {
    for (const { stem } of terms) {
      counts.set(stem, (counts.get(stem) ?? 0) + weight);
      length += weight;
    }
  };
  count(name, NAME_WEIGHT);
  count(textTerms(card.title ?? ''), TITLE_WEIGHT);
  count(textTerms(tool.description ?? ''), 1);
  count(argNames, 1);

  const visibleWords = new Map<string, string>();
  for (const term of [...name, ...textTerms(card.short_description), ...card.tags.flatMap(textTerms)]) visibleWords.set(term.word, term.stem);
  return {
    card,
    description: tool.description ?? '',
    counts,
    length,
    visible: new Set(visibleWords.values()),
    visibleWords,
    nameStems: name.map((t) => t.stem),
    lowerName: tool.name.toLowerCase(),
    lowerId: card.tool_id.toLowerCase(),
    lowerTags: new Set(card.tags.map((t) => t.toLowerCase())),
  };
}
