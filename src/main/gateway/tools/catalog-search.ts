import type { Tool } from '@modelcontextprotocol/client';
import * as z from 'zod';
import { indexTool, searchCatalog, type IndexedTool } from '../catalog';
import { jsonResult } from '../envelope';
import { defineMetaTool } from '../meta-tool';

// Indexing is per tool list, and a server's list only changes on (re)connect: cache by identity.
const indexCache = new WeakMap<readonly Tool[], IndexedTool[]>();

function indexed(server: string, tools: readonly Tool[]): IndexedTool[] {
  let entries = indexCache.get(tools);
  if (!entries) {
    entries = tools.map((tool) => indexTool(server, tool));
    indexCache.set(tools, entries);
  }
  return entries;
}

export const catalogSearch = defineMetaTool({
  name: 'gateway.catalog_search',
  title: 'Search the tool catalog',
  description:
    'Find downstream tools as compact capability cards (tool_id, server, short description, tags, risk). ' +
    'Call gateway.describe with a tool_id for its arguments, then gateway.invoke to run it. ' +
    'Only tools of servers that are online are listed; describe or invoke a tool_id to start a lazy server.',
  annotations: { readOnlyHint: true },
  input: z.object({
    query: z.string().max(1000).nullish().describe('Words describing what you need; empty lists everything.'),
    filters: z
      .object({
        server: z.string().nullish(),
        tags: z.array(z.string()).nullish(),
        risk_max: z.enum(['low', 'medium', 'high']).nullish(),
      })
      .nullish(),
    limit: z.number().int().min(1).max(100).default(20),
    include_offline: z.boolean().default(false),
  }),
  async run(args, gateway) {
    const online = gateway.supervisor.all().filter((h) => h.status === 'online');
    const tools = online.flatMap((handle) => indexed(handle.name, handle.tools));
    const found = searchCatalog(tools, args.query ?? '', args.filters ?? {}, args.limit);
    return jsonResult({ ...found });
  },
});
