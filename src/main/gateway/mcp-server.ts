// The MCP face of Gatehouse: a low-level server that lists the gateway.* meta-tools and dispatches
// calls to them. Low-level (not McpServer) so unknown tools and bad input get the contract's answers.
import { Server } from '@modelcontextprotocol/server';
import { GATEHOUSE_VERSION } from '../common/version';
import { replicaIdFrom } from '../common/replica';
import { registerResourcesAndPrompts } from './resources-prompts';
import { registerCompletions } from './passthrough/completions';
import type { PassthroughHub } from './passthrough/hub';
import { upstreamOf } from './passthrough/upstream-request';
import type { GatewayContext, MetaTool } from './meta-tool';
import { catalogSearch } from './tools/catalog-search';
import { describe } from './tools/describe';
import { health } from './tools/health';
import { invoke } from './tools/invoke';
import { connectServer, disconnectServer, restartServer } from './tools/lifecycle';
import { cancel, listPending } from './tools/pending';
import { refresh } from './tools/refresh';
import { tasksCancel, tasksGet, tasksList, tasksResult } from './tools/tasks';
import { prepare } from './prepared-tool';
import { toolCallAnswer } from './tool-call-answer';
import { openInvokeLane } from './invoke-lane';

export const META_TOOLS: MetaTool[] = [
  catalogSearch,
  describe,
  invoke,
  health,
  refresh,
  connectServer,
  disconnectServer,
  restartServer,
  listPending,
  cancel,
  tasksList,
  tasksGet,
  tasksResult,
  tasksCancel,
].sort((a, b) => a.name.localeCompare(b.name));

/**
 * What tools/list shows under the `core` profile (policy gateway_tools.profile, GATEHOUSE_TOOLS_PROFILE):
 * find, read, call, check, and collect a task's result, which gateway.invoke hands back for long jobs.
 * The rest (lifecycle, tasks, discovery, configuration) stays callable by name, and answers that need one
 * of them name it (`next_step`), so a small list costs an agent's context little and loses it nothing.
 */
export const CORE_PROFILE_TOOLS: ReadonlySet<string> = new Set(['gateway.catalog_search', 'gateway.describe', 'gateway.invoke', 'gateway.health', 'gateway.tasks_result']);

const INSTRUCTIONS =
  'Gatehouse is a gateway to several MCP servers. Their tools are not listed directly: find them with ' +
  'gateway.catalog_search, read one with gateway.describe (tool_id "server::tool"), and call it with ' +
  'gateway.invoke. The catalog covers every configured server, running or not: a server starts when one of its ' +
  'tools is described or invoked. If a search answers `indexing`, those servers are still being listed: search ' +
  'again shortly. gateway.health shows every server\'s state.';
/** Names the meta-tools the core profile leaves off the list (true claims only: the ones this server has). */
function coreNote(hidden: readonly MetaTool[]): string {
  const names = hidden.map((tool) => tool.name);
  const shown = names.length > 6 ? `${names.slice(0, 6).join(', ')} and ${names.length - 6} more` : names.join(', ');
  return ` Not listed, but answered when called by name: ${shown}.`;
}

/**
 * The task tools whose task_id or cursor a 2026-07-28 client mirrors into an Mcp-Param-* header — which it
 * does only for tools it has listed. Behind a load balancer (a replica id is set) that header is how a task
 * call reaches the replica holding the task, so these are listed under the core profile too.
 */
const ROUTED_TASK_TOOLS: ReadonlySet<string> = new Set(['gateway.tasks_get', 'gateway.tasks_result', 'gateway.tasks_cancel', 'gateway.tasks_list']);

/** Whether tools/list shows the meta-tool: allowed by the gateway_tools lists and, under core, a core tool. */
export function listable(name: string, context: Pick<GatewayContext, 'policy'>): boolean {
  const policy = context.policy();
  const core = CORE_PROFILE_TOOLS.has(name) || (ROUTED_TASK_TOOLS.has(name) && replicaIdFrom() !== null);
  return (policy.gatewayToolsProfile === 'full' || core) && policy.gatewayToolAllowed(name);
}

/**
 * `passthrough`: the core's hub for what passes between downstream servers and this session beyond
 * requests (log lines, resource subscriptions, sampling and elicitation relays); without it the session
 * offers none of those.
 */
export function createGatewayServer(tools: MetaTool[], context: GatewayContext, passthrough?: PassthroughHub): Server {
  const sorted = [...tools].sort((a, b) => a.name.localeCompare(b.name));
  const listedAtStart = sorted.filter((tool) => listable(tool.name, context));
  const policy = context.policy();
  const hidden = policy.gatewayToolsProfile === 'core' ? sorted.filter((tool) => !listable(tool.name, context) && policy.gatewayToolAllowed(tool.name)) : [];
  const base = hidden.length ? `${INSTRUCTIONS}${coreNote(hidden)}` : INSTRUCTIONS;
  const instructions = context.guidance().instructions(base, { toolNames: listedAtStart.map((t) => t.name) });
  const sessionLong = passthrough !== undefined && context.session.stateless !== true;
  const server = new Server(
    { name: 'gatehouse', title: 'Gatehouse', version: GATEHOUSE_VERSION },
    {
      capabilities: {
        // A session is told when its listed tools change, and gets the resource updates it subscribed to; a
        // stateless (2026-07-28) request's server is gone by then, so it is not promised either.
        tools: sessionLong ? { listChanged: true } : {},
        resources: { listChanged: true, ...(sessionLong && { subscribe: true }) },
        prompts: { listChanged: true },
        completions: {},
        ...(passthrough && { logging: {} }),
      },
      instructions,
    },
  );
  const link = passthrough?.attach(server, context);
  const listed = sorted.map((tool) => prepare(tool).listed);
  const byName = new Map(sorted.map((tool) => [tool.name, tool]));

  // Meta-tools denied by the gateway_tools policy are absent from the list (and refused if called); under the
  // core profile so are the ones outside CORE_PROFILE_TOOLS (and answered if called). Downstream tools listed
  // directly (pinned or aggregate exposure) follow the meta-tools.
  server.setRequestHandler('tools/list', async () => ({
    tools: [...listed.filter((tool) => listable(tool.name, context)), ...(link?.exposure.list() ?? [])],
  }));
  registerResourcesAndPrompts(server, context);
  registerCompletions(server, context);
  const answer = toolCallAnswer(byName, context, link);
  server.setRequestHandler('tools/call', (request, ctx) => answer(request.params, upstreamOf(ctx)));
  {
    // Plain gateway.invoke calls skip the SDK's request funnel once connected (invoke-lane.ts says why),
    // on every transport: stdio, in-process and an HTTP session's own transport alike.
    const connect = server.connect.bind(server);
    server.connect = async (transport) => {
      await connect(transport);
      openInvokeLane(server, transport, answer);
    };
  }
  if (link) {
    // The session's subscriptions, log level and relayed notices end with it.
    const previous = server.onclose;
    server.onclose = () => {
      link.close();
      previous?.();
    };
  }
  return server;
}
