// gateway.search_registry (contract §2.5): searches a copy of the public MCP Registry's metadata (latest
// versions only) kept on disk for six hours; an unreachable registry answers at once from the failure
// cache with a clear error, or from the older copy marked stale.
import * as z from 'zod';
import { searchRegistryCopy } from '../../../discovery/registry-copy';
import { GatewayError } from '../../../common/errors';
import { errorEntry, jsonResult } from '../../envelope';
import { discoveryTool } from './discovery-tool';

export const createSearchRegistryTool = discoveryTool('gateway.search_registry', 'Search the MCP Registry', {
  description: 'Search the public MCP Registry (latest versions, from a copy refreshed every 6 hours). Results are metadata only: register one with gateway.register_discovered_server; an operator approves it before it is installed.',
  annotations: { readOnlyHint: true, openWorldHint: true },
  input: z.object({
    query: z.string().min(1).max(200),
    limit: z.number().int().min(1).max(20).default(5),
  }),
  async run(state, { query, limit }) {
    const answer = await searchRegistryCopy(state.ctx, query, limit);
    if (!answer.ok) {
      return jsonResult({
        query,
        results: [],
        message: answer.message,
        error: errorEntry(new GatewayError(answer.code, answer.message, { cached: answer.cached }, answer.next_step, answer.code === 'E201')),
        next_step: answer.next_step,
      });
    }
    const first = answer.results.find((r) => r.package);
    return jsonResult({
      query,
      results: answer.results,
      cached: !answer.refreshed,
      // The contract's fields only: when the copy was taken, and whether it is stale, is said in words.
      message: `Searched ${answer.servers} server(s) in the registry copy of ${new Date(answer.fetched_at).toISOString()}${answer.stale ? ' (stale)' : ''}.${answer.note ? ` ${answer.note}` : ''}`,
      next_step: first ? `gateway.register_discovered_server(package='${first.package}', server_name='…')` : answer.results.length ? null : "no match; try other words or gateway.request_capability(query='…')",
    });
  },
});
