// Reads every page of a list (tools, resources, resource templates, prompts). A server that loops its cursor or never ends
// must not hang start-up. The SDK (2.4) already walks every page of a call made without a cursor, capped
// by its listMaxPages; the bounds here (pages, items, a repeated cursor) stay so that the cap does not
// depend on the SDK's default. It always asks the server, never the client's response cache, since a
// list change just happened.
import type { Client, Prompt, Resource, ResourceTemplateType, Tool } from '@modelcontextprotocol/client';

const MAX_PAGES = 100;
const MAX_ITEMS = 10_000;

type Params = { cursor: string } | undefined;
type Options = { timeout: number; cacheMode: 'bypass' };

async function listAllPages<P extends { nextCursor?: string }, T>(
  fetchPage: (params: Params) => Promise<P>,
  itemsOf: (page: P) => T[],
): Promise<T[]> {
  const items: T[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await fetchPage(cursor ? { cursor } : undefined);
    items.push(...itemsOf(result));
    cursor = result.nextCursor;
    if (!cursor || seenCursors.has(cursor) || items.length >= MAX_ITEMS) break;
    seenCursors.add(cursor);
  }
  return items.slice(0, MAX_ITEMS);
}

const fresh = (timeoutMs: number): Options => ({ timeout: timeoutMs, cacheMode: 'bypass' });

type Lister<T> = (client: Client, timeoutMs: number) => Promise<T[]>;

/** Every page of one list; none at all (not an error) when the server does not offer the capability. */
function lister<P extends { nextCursor?: string }, T>(
  capability: 'tools' | 'resources' | 'prompts',
  request: (client: Client, params: Params, options: Options) => Promise<P>,
  itemsOf: (page: P) => T[],
): Lister<T> {
  return async (client, timeoutMs) => {
    if (!client.getServerCapabilities()?.[capability]) return [];
    return listAllPages((params) => request(client, params, fresh(timeoutMs)), itemsOf);
  };
}

export const listAllTools: Lister<Tool> = lister('tools', (client, params, options) => client.listTools(params, options), (page) => page.tools);
export const listAllResources: Lister<Resource> = lister('resources', (client, params, options) => client.listResources(params, options), (page) => page.resources);
export const listAllPrompts: Lister<Prompt> = lister('prompts', (client, params, options) => client.listPrompts(params, options), (page) => page.prompts);
/** Templates ride on the resources capability (there is no capability of their own). */
export const listAllResourceTemplates: Lister<ResourceTemplateType> = lister(
  'resources',
  (client, params, options) => client.listResourceTemplates(params, options),
  (page) => page.resourceTemplates,
);
