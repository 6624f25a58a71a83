// Finds the downstream tool behind a tool_id, starting its server first when it is lazy.
import type { Tool } from '@modelcontextprotocol/client';
import { GatewayError } from '../common/errors';
import type { CallerDeadline } from '../supervisor/caller-deadline';
import type { ServerHandle } from '../supervisor/server-handle';
import type { LoadedPolicy } from '../policy';
import type { ServerDirectory } from '../supervisor/server-directory';
import { splitToolId } from './cards';
import { isOffered } from './indexed-tools';

export interface ResolvedTool {
  handle: ServerHandle;
  tool: Tool;
}

/** Policy first: a denied tool never starts its server. A `deadline` bounds the wait for a lazy start. */
export async function resolveTool(supervisor: ServerDirectory, policy: LoadedPolicy, id: string, deadline?: CallerDeadline): Promise<ResolvedTool> {
  const parts = splitToolId(id);
  if (!parts) {
    throw new GatewayError('E301', `Tool '${id}' is not a tool id: expected "server::tool"`, { tool_id: id },
      'take tool_id from a gateway.catalog_search result');
  }
  const decision = policy.decideTool(parts.server, parts.tool);
  if (!decision.allowed) {
    throw new GatewayError(decision.code, decision.message, { tool_id: id, auth_state: 'policy_denied' }, decision.suggestion);
  }
  const handle = supervisor.require(parts.server);
  await handle.ensureConnected({ deadline });
  let tool = handle.tools.find((t) => t.name === parts.tool);
  if (!tool && handle.status !== 'online' && handle.status !== 'degraded') {
    // The server died between connecting and the lookup (its list went with it): connect once more.
    await handle.ensureConnected({ deadline });
    tool = handle.tools.find((t) => t.name === parts.tool);
  }
  if (tool && !isOffered(parts.server, handle.tools, tool, policy)) {
    throw new GatewayError('E402', `Tool '${id}' is past limits.max_tools_per_server (${policy.limits.max_tools_per_server}) and is not offered`,
      { tool_id: id, auth_state: 'policy_denied' }, 'raise limits.max_tools_per_server in the policy, or deny tools you do not need so this one fits');
  }
  if (!tool) {
    throw new GatewayError('E301', `Tool '${parts.tool}' not found on server '${parts.server}'`, { tool_id: id },
      `search with gateway.catalog_search(filters={"server": "${parts.server}"})`);
  }
  return { handle, tool };
}
