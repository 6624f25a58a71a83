// Exposure modes (policy `exposure`): which downstream tools a session sees directly in tools/list, under
// their `server::tool` ids, beside the gateway.* meta-tools. progressive (the default) lists none: tools
// are found with catalog_search and called with gateway.invoke. pinned lists the tools the policy pins;
// aggregate lists every permitted tool, like a classic proxy. Policy applies in every mode: a denied tool
// is never listed, and a listed one is called through gateway.invoke's own path (audit, redaction, limits).
// A session that has listed its tools is told (tools/list_changed) when the set it would see changes.
import type { Tool } from '@modelcontextprotocol/server';
import { indexedTools } from '../indexed-tools';
import type { GatewayContext } from '../meta-tool';

/** A downstream tool as a session sees it in tools/list. */
function listed(server: string, tool: Tool): Tool {
  // No outputSchema: the answer passes redaction and the output limits, so its structuredContent may no
  // longer match the schema the server promised; the gateway never claims what it cannot keep.
  const { outputSchema: _dropped, execution: _execution, ...rest } = tool;
  return { ...rest, name: `${server}::${tool.name}` };
}

/** The downstream tools this client sees directly, by mode; empty when every mode is progressive. */
export function exposedTools(gateway: GatewayContext, clientName: string | null): Tool[] {
  const policy = gateway.policy();
  const exposure = policy.exposure;
  if (exposure.progressiveOnly) return [];
  const tools: Tool[] = [];
  for (const handle of gateway.supervisor.all()) {
    const mode = exposure.modeFor(clientName, handle.name);
    if (mode === 'progressive' || !policy.serverAllowed(handle.name)) continue;
    // A server that has not started yet is listed from its cached tools (it starts on the first call).
    const known = handle.tools.length ? handle.tools : (gateway.supervisor.cachedTools(handle.name)?.tools ?? []);
    for (const tool of indexedTools(handle.name, known, policy)) {
      if (mode === 'aggregate' || exposure.pinned(handle.name, tool.name)) tools.push(listed(handle.name, tool));
    }
  }
  return tools.sort((a, b) => a.name.localeCompare(b.name));
}

/** One session's view: what it was last shown, to tell it only when that changes. */
export class SessionExposure {
  private shown: string | null = null;

  constructor(
    private readonly gateway: GatewayContext,
    private readonly clientName: () => string | null,
  ) {}

  /** The tools for a tools/list answer (remembered as what this session has seen). */
  list(): Tool[] {
    const tools = exposedTools(this.gateway, this.clientName());
    this.shown = signature(tools);
    return tools;
  }

  /** Is `name` a downstream tool listed to this session right now? */
  lists(name: string): boolean {
    return exposedTools(this.gateway, this.clientName()).some((tool) => tool.name === name);
  }

  /** True when the set differs from what the session last listed (never before its first list). */
  changed(): boolean {
    if (this.shown === null) return false;
    const now = signature(exposedTools(this.gateway, this.clientName()));
    if (now === this.shown) return false;
    this.shown = now;
    return true;
  }
}

function signature(tools: Tool[]): string {
  return JSON.stringify(tools.map((tool) => [tool.name, tool.description ?? '', tool.inputSchema]));
}
