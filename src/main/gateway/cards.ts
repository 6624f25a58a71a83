// Capability cards: the compact view of a downstream tool that catalog_search returns (contract §2.2).
import type { Tool } from '@modelcontextprotocol/client';
import { nameWords } from '../common/search-words';

/** The words of a tool name, whatever its style: `deleteFile`, `delete_file`, `delete-file.v2`. */
export { nameWords };

export type RiskHint = 'low' | 'medium' | 'high';
export const RISK_ORDER: Record<RiskHint, number> = { low: 0, medium: 1, high: 2 };
export const DEFAULT_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

export type Availability = 'online' | 'lazy' | 'starting' | 'offline';

export interface CapabilityCard {
  tool_id: string;
  server: string;
  tool_name: string;
  title: string | null;
  short_description: string;
  tags: string[];
  /**
   * online: running now · lazy: not started yet, starts when described or invoked (cards listed in the
   * background) · starting: on its way up · offline: down (error, stopped, waiting for a credential).
   */
  availability: Availability;
  risk_hint: RiskHint;
  icons: Tool['icons'] | null;
  execution: Tool['execution'] | null;
  schema_dialect: string;
}

const TAG_WORDS: Record<string, RegExp> = {
  database: /\b(database|sql|query|table|postgres|sqlite|mysql)\b/i,
  file: /\b(file|files|directory|folder|path)\b/i,
  git: /\b(git|commit|branch|repository|repo)\b/i,
  http: /\b(http|https|url|fetch|request|api)\b/i,
  search: /\b(search|find|lookup)\b/i,
  code: /\b(code|function|compile|script|lint)\b/i,
};
const HIGH_WORDS = ['delete', 'remove', 'drop', 'execute', 'run', 'write', 'create', 'update', 'modify', 'send', 'post', 'put'];
const LOW_WORDS = ['read', 'get', 'list', 'search', 'query', 'fetch', 'describe'];

export function toolId(server: string, tool: string): string {
  return `${server}::${tool}`;
}

/** `server::tool`, split at the first `::`; null when the id has no server part. */
export function splitToolId(id: string): { server: string; tool: string } | null {
  const at = id.indexOf('::');
  if (at <= 0 || at + 2 >= id.length) return null;
  return { server: id.slice(0, at), tool: id.slice(at + 2) };
}

export function shortDescription(text: string | undefined, max = 100): string {
  // Counted in code points, so an emoji is never cut in half.
  const chars = [...(text ?? '').replace(/\s+/g, ' ').trim()];
  return chars.length > max ? `${chars.slice(0, max - 3).join('')}...` : chars.join('');
}

export function riskHint(tool: Tool): RiskHint {
  const words = nameWords(tool.name);
  const byName: RiskHint = words.some((w) => HIGH_WORDS.includes(w))
    ? 'high'
    : words.some((w) => LOW_WORDS.includes(w))
      ? 'low'
      : 'medium';
  if (tool.annotations?.destructiveHint === true) return 'high';
  // Annotations are untrusted hints: "read-only" may soften a risky name, never clear it.
  if (tool.annotations?.readOnlyHint === true) return byName === 'high' ? 'medium' : 'low';
  return byName;
}

export function toCard(server: string, tool: Tool, availability: Availability = 'online'): CapabilityCard {
  // Name words are spelled out so `read_file` or `gitCommit` can earn the tags their words suggest.
  const text = `${nameWords(tool.name).join(' ')} ${tool.title ?? ''} ${tool.description ?? ''}`;
  const tags = [server, ...Object.keys(TAG_WORDS).filter((tag) => TAG_WORDS[tag]?.test(text))];
  const dialect = typeof tool.inputSchema.$schema === 'string' ? tool.inputSchema.$schema : DEFAULT_DIALECT;
  return {
    tool_id: toolId(server, tool.name),
    server,
    tool_name: tool.name,
    title: tool.title ?? tool.annotations?.title ?? null,
    short_description: shortDescription(tool.description),
    tags,
    availability,
    risk_hint: riskHint(tool),
    icons: tool.icons ?? null,
    execution: tool.execution ?? null,
    schema_dialect: dialect,
  };
}
