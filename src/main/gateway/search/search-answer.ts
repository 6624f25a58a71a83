// catalog_search's answer on the wire, built from pieces made once: each card's JSON (nulls dropped, its
// code hint added) is written the first time the tool is returned under a guidance and reused after. A
// search then joins at most 100 ready strings instead of copying, compacting and serialising every card
// again (at 10,000 tools that copying was most of what a query allocated: issue 15). The text is the same,
// byte for byte, as jsonResult({ results: cards, ...rest }) gives.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { compact } from '../envelope';
import type { Guidance } from '../guidance';
import type { IndexedTool } from './indexed-tool';

// A card's JSON depends only on the tool and the guidance in force: written once per pair.
const written = new WeakMap<Guidance, WeakMap<IndexedTool, string>>();

/** The tool's card as catalog_search lists it, with the guidance's code hint (L1), as JSON. */
export function cardJson(guidance: Guidance, tool: IndexedTool): string {
  let known = written.get(guidance);
  if (!known) {
    known = new WeakMap();
    written.set(guidance, known);
  }
  let json = known.get(tool);
  if (json === undefined) {
    const code_hint = guidance.codeHint({ name: tool.card.tool_name, description: tool.description });
    json = JSON.stringify(compact({ ...tool.card, code_hint }));
    known.set(tool, json);
  }
  return json;
}

/** `{ results: [the cards], ...rest }` as a meta-tool answer; `cards` are cardJson's strings. */
export function searchAnswer(cards: readonly string[], rest: Record<string, unknown>): CallToolResult {
  const tail = JSON.stringify(compact(rest));
  const text = `{"results":[${cards.join(',')}]${tail === '{}' ? '}' : `,${tail.slice(1)}`}`;
  return { content: [{ type: 'text', text }] };
}
