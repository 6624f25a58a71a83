// Reads every page of tools/list. A server that loops its cursor or never ends must not hang start-up.
import type { Client, Tool } from '@modelcontextprotocol/client';

const MAX_PAGES = 100;
const MAX_TOOLS = 10_000;

export async function listAllTools(client: Client, timeoutMs: number): Promise<Tool[]> {
  if (!client.getServerCapabilities()?.tools) return [];
  const tools: Tool[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.listTools(cursor ? { cursor } : undefined, { timeout: timeoutMs });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (!cursor || seenCursors.has(cursor) || tools.length >= MAX_TOOLS) break;
    seenCursors.add(cursor);
  }
  return tools.slice(0, MAX_TOOLS);
}
