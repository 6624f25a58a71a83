// Exposure modes (policy `exposure`): which downstream tools a session sees directly in tools/list, beside
// the gateway.* meta-tools. progressive (the default) lists none: tools are found with catalog_search and
// called with gateway.invoke. pinned lists the tools the policy pins, under namespaced names
// (`server.tool`); aggregate lists every permitted tool like a classic proxy: under the tool's own name when
// exactly one aggregated server offers it, namespaced when two do. Listed names keep to the spec's tool
// name characters ([A-Za-z0-9_.-]: `server::tool` ids would not), and each maps back to its `server::tool`
// id. Policy applies in every mode: a denied tool is never listed, and a listed one is called through
// gateway.invoke's own path (audit, redaction, limits). A session that has listed its tools is told
// (tools/list_changed) when the set it would see changes.
import type { Tool } from '@modelcontextprotocol/server';
import { indexedTools } from '../indexed-tools';
import type { GatewayContext } from '../meta-tool';

/** A downstream tool listed to a session: how it is listed and the `server::tool` id it calls. */
interface Exposed {
  tool: Tool;
  toolId: string;
}

/** What listing needs of a session's context: the policy and the servers it can see. */
export type ListingContext = Pick<GatewayContext, 'policy' | 'supervisor'>;

/** Characters the MCP spec allows in a tool name (2025-11-25: SHOULD be [A-Za-z0-9_.-], 1-128). */
const SPEC_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

const specName = (name: string) => name.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 128);

/** A downstream tool as a session sees it in tools/list. */
function listed(name: string, tool: Tool): Tool {
  // No outputSchema: the answer passes redaction and the output limits, so its structuredContent may no
  // longer match the schema the server promised; the gateway never claims what it cannot keep.
  const { outputSchema: _dropped, execution: _execution, ...rest } = tool;
  return { ...rest, name };
}

/** The downstream tools this client sees directly, by mode; empty when every mode is progressive. */
function exposed(gateway: ListingContext, clientName: string | null): Exposed[] {
  const policy = gateway.policy();
  const exposure = policy.exposure;
  if (exposure.progressiveOnly) return [];
  const chosen: { server: string; tool: Tool; aggregate: boolean }[] = [];
  for (const handle of gateway.supervisor.all()) {
    const mode = exposure.modeFor(clientName, handle.name);
    if (mode === 'progressive' || !policy.serverAllowed(handle.name)) continue;
    // A server that has not started yet is listed from its cached tools (it starts on the first call).
    const known = handle.tools.length ? handle.tools : (gateway.supervisor.cachedTools(handle.name)?.tools ?? []);
    for (const tool of indexedTools(handle.name, known, policy)) {
      if (mode === 'aggregate' || exposure.pinned(handle.name, tool.name)) chosen.push({ server: handle.name, tool, aggregate: mode === 'aggregate' });
    }
  }
  const offered = new Map<string, number>();
  for (const { tool, aggregate } of chosen) if (aggregate) offered.set(tool.name, (offered.get(tool.name) ?? 0) + 1);
  const bare = (tool: Tool) => offered.get(tool.name) === 1 && SPEC_NAME.test(tool.name) && !tool.name.startsWith('gateway.');
  const seen = new Set<string>();
  const out: Exposed[] = [];
  for (const { server, tool, aggregate } of chosen) {
    const name = aggregate && bare(tool) ? tool.name : specName(`${server}.${tool.name}`);
    // Two ids that spell the same listed name (server "a.b" + tool "c", server "a" + tool "b.c"): the first keeps it.
    if (seen.has(name)) continue;
    seen.add(name);
    out.push({ tool: listed(name, tool), toolId: `${server}::${tool.name}` });
  }
  return out.sort((a, b) => a.tool.name.localeCompare(b.tool.name));
}

/** The downstream tools this client sees directly (their listed form). */
export function exposedTools(gateway: ListingContext, clientName: string | null): Tool[] {
  return exposed(gateway, clientName).map((entry) => entry.tool);
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

  /** The `server::tool` id of the downstream tool listed to this session as `name` right now, or null. */
  resolve(name: string): string | null {
    return exposed(this.gateway, this.clientName()).find((entry) => entry.tool.name === name)?.toolId ?? null;
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
