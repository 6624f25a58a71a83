// The MCP face of Gatehouse: a low-level server that lists the gateway.* meta-tools and dispatches
// calls to them. Low-level (not McpServer) so unknown tools and bad input get the contract's answers.
import { Server, type CallToolResult, type Tool } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { GatewayError } from '../common/errors';
import { GATEHOUSE_VERSION } from '../common/version';
import { replicaIdFrom } from '../common/replica';
import { errorResult } from './envelope';
import { nullableAsAnyOf } from './nullable-anyof';
import { registerResourcesAndPrompts } from './resources-prompts';
import type { GatewayContext, MetaTool } from './meta-tool';
import { catalogSearch } from './tools/catalog-search';
import { describe } from './tools/describe';
import { health } from './tools/health';
import { invoke } from './tools/invoke';
import { connectServer, disconnectServer, restartServer } from './tools/lifecycle';
import { cancel, listPending } from './tools/pending';
import { refresh } from './tools/refresh';
import { tasksCancel, tasksGet, tasksList, tasksResult } from './tools/tasks';
import { dropNulls } from './drop-nulls';
import { jsonTextFieldReader } from './json-text-fields';

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

interface Prepared {
  listed: Tool;
  readJsonText: (args: unknown) => unknown;
}

// A meta-tool's listing and JSON-text reader are the same for every server made from it: worked out once.
// An HTTP client of the stateless era gets a new server for every request, so this was per request.
const prepared = new WeakMap<MetaTool, Prepared>();

function prepare(tool: MetaTool): Prepared {
  let ready = prepared.get(tool);
  if (!ready) {
    // io: 'input' describes what callers may send (defaults make fields optional).
    const inputSchema = nullableAsAnyOf(z.toJSONSchema(tool.input, { io: 'input', target: 'draft-2020-12' })) as Tool['inputSchema'];
    ready = { listed: { name: tool.name, title: tool.title, description: tool.description, inputSchema, annotations: tool.annotations }, readJsonText: jsonTextFieldReader(inputSchema) };
    prepared.set(tool, ready);
  }
  return ready;
}

/**
 * The task tools whose task_id or cursor a 2026-07-28 client mirrors into an Mcp-Param-* header — which it
 * does only for tools it has listed. Behind a load balancer (a replica id is set) that header is how a task
 * call reaches the replica holding the task, so these are listed under the core profile too.
 */
const ROUTED_TASK_TOOLS: ReadonlySet<string> = new Set(['gateway.tasks_get', 'gateway.tasks_result', 'gateway.tasks_cancel', 'gateway.tasks_list']);

/** Whether tools/list shows the meta-tool: allowed by the gateway_tools lists and, under core, a core tool. */
function listable(name: string, context: GatewayContext): boolean {
  const policy = context.policy();
  const core = CORE_PROFILE_TOOLS.has(name) || (ROUTED_TASK_TOOLS.has(name) && replicaIdFrom() !== null);
  return (policy.gatewayToolsProfile === 'full' || core) && policy.gatewayToolAllowed(name);
}

/** gateway.invoke with `options.redact_secrets: false` and no task (redaction is forced on for tasks). */
function patternsOptedOut(toolName: string, args: unknown): boolean {
  if (toolName !== 'gateway.invoke' || typeof args !== 'object' || args === null) return false;
  const { options, task } = args as { options?: { redact_secrets?: boolean }; task?: { enabled?: boolean } };
  return options?.redact_secrets === false && !(task && task.enabled !== false);
}

export function createGatewayServer(tools: MetaTool[], context: GatewayContext): Server {
  const sorted = [...tools].sort((a, b) => a.name.localeCompare(b.name));
  const listedAtStart = sorted.filter((tool) => listable(tool.name, context));
  const policy = context.policy();
  const hidden = policy.gatewayToolsProfile === 'core' ? sorted.filter((tool) => !listable(tool.name, context) && policy.gatewayToolAllowed(tool.name)) : [];
  const base = hidden.length ? `${INSTRUCTIONS}${coreNote(hidden)}` : INSTRUCTIONS;
  const instructions = context.guidance().instructions(base, { toolNames: listedAtStart.map((t) => t.name) });
  const server = new Server(
    { name: 'gatehouse', title: 'Gatehouse', version: GATEHOUSE_VERSION },
    { capabilities: { tools: {}, resources: { listChanged: true }, prompts: { listChanged: true } }, instructions },
  );
  const listed = sorted.map((tool) => prepare(tool).listed);
  const byName = new Map(sorted.map((tool) => [tool.name, tool]));

  // Meta-tools denied by the gateway_tools policy are absent from the list (and refused if called); under the
  // core profile so are the ones outside CORE_PROFILE_TOOLS (and answered if called).
  server.setRequestHandler('tools/list', async () => ({ tools: listed.filter((tool) => listable(tool.name, context)) }));
  registerResourcesAndPrompts(server, context);
  server.setRequestHandler('tools/call', async (request, ctx): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      return errorResult(new GatewayError('E301', `Unknown tool: ${request.params.name}`, {}, 'tools/list shows the gateway.* tools'));
    }
    const decision = context.policy().decideGatewayTool(request.params.name);
    if (!decision.allowed) return errorResult(new GatewayError(decision.code, decision.message, {}, decision.suggestion));
    const args = prepare(tool).readJsonText(request.params.arguments ?? {});
    const parsed = tool.input.safeParse(dropNulls(args));
    if (!parsed.success) {
      const detail = parsed.error.issues.map((i) => `${i.path.join('.') || '(arguments)'}: ${i.message}`).join('; ');
      return { content: [{ type: 'text', text: `Input validation error: ${detail}` }], isError: true };
    }
    const progressToken = request.params._meta?.progressToken;
    const startedAt = Date.now();
    // Known secret values are always scrubbed; only a plain invoke may turn the policy's patterns off.
    const patterns = !patternsOptedOut(request.params.name, parsed.data);
    if (!patterns) context.skipPatternsFor?.(ctx.mcpReq.id);
    let result: CallToolResult;
    try {
      // Every answer passes the redaction pipeline: downstream output, errors and stderr tails alike.
      result = context.redact(await tool.run(parsed.data, context, {
        signal: ctx.mcpReq.signal,
        progressToken,
        requestMeta: request.params._meta,
        sendProgress: async (progress) => {
          if (progressToken === undefined) return;
          await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, ...progress } });
        },
      }), { patterns });
    } catch (error) {
      result = context.redact(errorResult(error));
    }
    context.recordCall?.(request.params.name, parsed.data, result, startedAt, request.params._meta);
    return result;
  });
  return server;
}
