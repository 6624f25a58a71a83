// Reads every page of a list (tools, resources, resource templates, prompts). A server that loops its cursor or never ends
// must not hang start-up; Gatehouse pages itself (the SDK's list_changed refresh reads only one page)
// and always asks the server, never the client's response cache, since a list change just happened.
import type { Client, Prompt, Resource, ResourceTemplateType, Tool } from '@modelcontextprotocol/client';

const MAX_PAGES = 100;
const MAX_ITEMS = 10_000;

async function listAllPages<T>(fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string }>): Promise<T[]> {
  const items: T[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await fetchPage(cursor);
    items.push(...result.items);
    cursor = result.nextCursor;
    if (!cursor || seenCursors.has(cursor) || items.length >= MAX_ITEMS) break;
    seenCursors.add(cursor);
  }
  return items.slice(0, MAX_ITEMS);
}

const params = (cursor: string | undefined) => (cursor ? { cursor } : undefined);

export async function listAllTools(client: Client, timeoutMs: number): Promise<Tool[]> {
  if (!client.getServerCapabilities()?.tools) return [];
  return listAllPages(async (cursor) => {
    const result = await client.listTools(params(cursor), { timeout: timeoutMs, cacheMode: 'bypass' });
    return { items: result.tools, nextCursor: result.nextCursor };
  });
}

export async function listAllResources(client: Client, timeoutMs: number): Promise<Resource[]> {
  if (!client.getServerCapabilities()?.resources) return [];
  return listAllPages(async (cursor) => {
    const result = await client.listResources(params(cursor), { timeout: timeoutMs, cacheMode: 'bypass' });
    return { items: result.resources, nextCursor: result.nextCursor };
  });
}

export async function listAllPrompts(client: Client, timeoutMs: number): Promise<Prompt[]> {
  if (!client.getServerCapabilities()?.prompts) return [];
  return listAllPages(async (cursor) => {
    const result = await client.listPrompts(params(cursor), { timeout: timeoutMs, cacheMode: 'bypass' });
    return { items: result.prompts, nextCursor: result.nextCursor };
  });
}

export async function listAllResourceTemplates(client: Client, timeoutMs: number): Promise<ResourceTemplateType[]> {
  if (!client.getServerCapabilities()?.resources) return [];
  return listAllPages(async (cursor) => {
    const result = await client.listResourceTemplates(params(cursor), { timeout: timeoutMs, cacheMode: 'bypass' });
    return { items: result.resourceTemplates, nextCursor: result.nextCursor };
  });
}
