// The input schema of a tool as one client sees it in tools/list: a meta-tool the policy lists, or a
// downstream tool listed directly (pinned or aggregate exposure, by the client's name). The HTTP endpoint
// checks a 2026-07-28 call's Mcp-Param-* headers against it (SEP-2243) before dispatching the request.
import type { MetaTool } from './meta-tool';
import { listable } from './mcp-server';
import { prepare } from './prepared-tool';
import { exposedTools, type ListingContext } from './passthrough/exposure';

export function listedInputSchema(tools: readonly MetaTool[], context: ListingContext, clientName: string | null, name: string): Record<string, unknown> | null {
  const meta = tools.find((tool) => tool.name === name);
  if (meta) return listable(name, context) ? prepare(meta).listed.inputSchema : null;
  return exposedTools(context, clientName).find((tool) => tool.name === name)?.inputSchema ?? null;
}
