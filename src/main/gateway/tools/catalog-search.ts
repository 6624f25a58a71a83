import type { Tool } from '@modelcontextprotocol/client';
import * as z from 'zod';
import { indexTool, searchCatalog, type IndexedTool } from '../catalog';
import { jsonResult } from '../envelope';
import { indexedTools } from '../indexed-tools';
import { defineMetaTool } from '../meta-tool';
import { cliHints } from './discovery/cli-hints';
import { registryCandidates } from './discovery/registry-candidates';

// Indexing is per tool list, and a server's list only changes on (re)connect: cache by identity.
const indexCache = { online: new WeakMap<readonly Tool[], IndexedTool[]>(), offline: new WeakMap<readonly Tool[], IndexedTool[]>() };

function indexed(server: string, tools: readonly Tool[], availability: 'online' | 'offline'): IndexedTool[] {
  let entries = indexCache[availability].get(tools);
  if (!entries) {
    entries = tools.map((tool) => indexTool(server, tool, availability));
    indexCache[availability].set(tools, entries);
  }
  return entries;
}

export const catalogSearch = defineMetaTool({
  name: 'gateway.catalog_search',
  title: 'Search the tool catalog',
  description:
    'Find downstream tools as compact capability cards (tool_id, server, short description, tags, risk). ' +
    'Call gateway.describe with a tool_id for its arguments, then gateway.invoke to run it. ' +
    'Only tools of online servers are listed unless include_offline=true, which adds cards of servers seen before ' +
    '(availability "offline"); describe or invoke a tool_id to start its server. With a query it also suggests ' +
    'servers to provision (manifest_candidates, registry_candidates) and installed CLIs (cli_hints).',
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
    const handles = gateway.supervisor.all();
    const policy = gateway.policy();
    const live = (status: string) => status === 'online' || status === 'degraded';
    // Policy first, then the per-server cap: tools past max_tools_per_server are not indexed.
    const visible = (server: string, entries: IndexedTool[]) =>
      indexedTools(server, entries, policy, (t) => t.card.tool_name);
    const tools = handles.filter((h) => live(h.status)).flatMap((h) => visible(h.name, indexed(h.name, h.tools, 'online')));
    if (args.include_offline) {
      // Cards from the last time a server was seen; a live list always wins, so no tool appears twice.
      // A server held back by project trust shows no cards: it cannot be described or invoked (E404).
      for (const handle of handles.filter((h) => !live(h.status) && !h.definition.untrusted)) {
        const cached = gateway.supervisor.descriptions?.get(handle.name);
        if (cached) tools.push(...visible(handle.name, indexed(handle.name, cached, 'offline')));
      }
    }
    const found = searchCatalog(tools, args.query ?? '', args.filters ?? {}, args.limit);
    // L1 guidance: a code hint per card, from the full description (the card only has the short one).
    const descriptions = new Map(tools.map((t) => [t.card.tool_id, t.description]));
    const guidance = gateway.guidance();
    const results = found.results.map((card) => ({
      ...card,
      code_hint: guidance.codeHint({ name: card.tool_name, description: descriptions.get(card.tool_id) ?? card.short_description }),
    }));
    // With a query, also say what lies beyond the catalog (contract §2.3 extras, each ≤ min(5, limit)):
    // provisionable manifest servers, CLIs the cached inventory found, registry servers (≤ 1.5 s). The
    // registry round trip starts first so it overlaps the local work.
    const query = args.query?.trim();
    const discovery = gateway.discovery;
    const registry = query && discovery ? registryCandidates(discovery.ctx, query, args.limit) : null;
    const manifest_candidates = query && gateway.manifestCandidates ? await gateway.manifestCandidates(query, args.limit) : [];
    const cli_hints = query && discovery ? cliHints(discovery, query, args.limit) : [];
    const registry_candidates = (await registry) ?? [];
    const some = <T>(list: T[]) => (list.length ? list : null);
    return jsonResult({
      ...found,
      results,
      manifest_candidates: some(manifest_candidates),
      cli_hints: some(cli_hints),
      registry_candidates: some(registry_candidates),
    });
  },
});
