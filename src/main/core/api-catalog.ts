// The panel's catalog: search, describe and try-invoke through the operator session, so they are
// gateway.catalog_search's ranking, gateway.describe's answer and gateway.invoke's path (argument check,
// policy, redaction, audit) exactly; and the token meter, what a client's context holds through Gatehouse
// (the gateway.* tool list it receives) against the downstream tool lists it replaces.
import type { Tool } from '@modelcontextprotocol/client';
import type { CatalogCard, CatalogSearchResult, InvokeOutcome, TokenMeter, ToolDetail } from '../../shared/catalog';
import type { Supervisor } from '../supervisor/supervisor';
import { invokeOutcome } from './invoke-outcome';
import type { OperatorSession } from './operator-session';
import { TOKEN_METHOD, tokenCounter } from './token-count';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function card(raw: Record<string, unknown>): CatalogCard {
  return {
    tool_id: String(raw.tool_id),
    server: String(raw.server),
    tool_name: String(raw.tool_name),
    title: text(raw.title),
    short_description: text(raw.short_description) ?? '',
    tags: Array.isArray(raw.tags) ? raw.tags.map(String) : [],
    availability: (['online', 'lazy', 'starting', 'offline'] as const).find((a) => a === raw.availability) ?? 'offline',
    risk_hint: (['low', 'medium', 'high'] as const).find((r) => r === raw.risk_hint) ?? 'medium',
  };
}

/** A tools/list answer as a client's context would hold it: the list's JSON. */
function listText(tools: readonly Tool[]): string {
  return JSON.stringify({ tools });
}

export function createCatalogApi(supervisor: Supervisor, operator: OperatorSession) {
  return {
    async search({ query, limit }: { query: string; limit?: number }): Promise<CatalogSearchResult> {
      const { body, isError } = await operator.call('gateway.catalog_search', { query, limit: limit ?? 30 });
      const results = Array.isArray(body.results) ? (body.results as Record<string, unknown>[]).map(card) : [];
      return {
        ok: !isError,
        results,
        total_available: typeof body.total_available === 'number' ? body.total_available : results.length,
        indexing: Array.isArray(body.indexing) ? body.indexing.map(String) : [],
        message: isError ? (text(body.message) ?? 'the search failed') : null,
      };
    },

    async describe({ tool_id }: { tool_id: string }): Promise<ToolDetail> {
      const { body, isError } = await operator.call('gateway.describe', { tool_id, include_input_schema: true });
      const schema = body.input_schema;
      return {
        ok: !isError,
        tool_id,
        server: text(body.server) ?? tool_id.split('::')[0] ?? '',
        tool_name: text(body.tool_name) ?? tool_id.split('::').slice(1).join('::'),
        title: text(body.title),
        description: text(body.description),
        input_schema: typeof schema === 'object' && schema !== null && !Array.isArray(schema) ? (schema as Record<string, unknown>) : null,
        safety_notes: Array.isArray(body.safety_notes) ? body.safety_notes.map(String) : [],
        message: isError ? (text(body.message) ?? 'the tool could not be described') : null,
      };
    },

    async invoke({ tool_id, arguments: args }: { tool_id: string; arguments: Record<string, unknown> }): Promise<InvokeOutcome> {
      return invokeOutcome(await operator.call('gateway.invoke', { tool_id, arguments: args }));
    },

    async tokenMeter(): Promise<TokenMeter> {
      const count = await tokenCounter();
      const metaTools = await operator.listTools();
      const servers = supervisor.all().map((handle) => {
        const live = handle.status === 'online' || handle.status === 'degraded';
        const cached = live ? undefined : supervisor.cachedTools(handle.name);
        const tools = live ? handle.tools : (cached?.tools ?? []);
        const basis = live ? ('live' as const) : cached ? ('cached' as const) : ('unknown' as const);
        return { name: handle.name, tools: tools.length, tokens: tools.length ? count(listText(tools)) : 0, basis };
      });
      return {
        method: TOKEN_METHOD,
        gateway: { tools: metaTools.length, tokens: count(listText(metaTools)) },
        servers,
        downstream: { tools: servers.reduce((sum, s) => sum + s.tools, 0), tokens: servers.reduce((sum, s) => sum + s.tokens, 0) },
      };
    },
  };
}
