// Which of a server's tools the gateway offers: the ones policy allows, then at most
// limits.max_tools_per_server of them in the server's own order (contract §5). Search, describe, invoke,
// refresh and health all use this one rule, so a tool past the cap is never callable by its id either.
import type { LoadedPolicy } from '../policy';

export type ToolLimits = Pick<LoadedPolicy, 'toolAllowed' | 'limits'>;
type Limits = ToolLimits;

export function indexedTools<T extends { name: string }>(server: string, tools: readonly T[], policy: Limits): T[];
export function indexedTools<T>(server: string, tools: readonly T[], policy: Limits, nameOf: (tool: T) => string): T[];
export function indexedTools<T>(server: string, tools: readonly T[], policy: Limits, nameOf?: (tool: T) => string): T[] {
  const name = nameOf ?? ((tool: T) => (tool as { name: string }).name); // the first overload guarantees `name`
  return tools.filter((tool) => policy.toolAllowed(server, name(tool))).slice(0, policy.limits.max_tools_per_server);
}

/**
 * Whether indexedTools would offer `tool` — without filtering the whole list when the server has no more
 * tools than the cap (every allowed one is offered then), which is the common case on every invoke.
 */
export function isOffered<T extends { name: string }>(server: string, tools: readonly T[], tool: T, policy: Limits): boolean {
  if (!policy.toolAllowed(server, tool.name)) return false;
  if (tools.length <= policy.limits.max_tools_per_server) return true;
  return indexedTools(server, tools, policy).includes(tool);
}
