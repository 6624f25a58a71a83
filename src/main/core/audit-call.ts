// One finished meta-tool call as an audit event, for sessions the HTTP layer does not see (stdio,
// in-process). The downstream tool id is kept for invoke, so the ring says what was really called.
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { SessionIdentity } from '../gateway/meta-tool';
import { invokeCarriesTrace } from '../gateway/trace-context';
import { invokeCorrelation } from '../gateway/correlation';
import type { AuditInput } from '../http/audit';

function downstreamToolId(args: unknown): string | null {
  const id = (args as { tool_id?: unknown } | null)?.tool_id;
  return typeof id === 'string' ? id : null;
}

export function auditCall(name: string, args: unknown, result: CallToolResult, startedAt: number, session: SessionIdentity, requestMeta?: unknown): AuditInput {
  const toolId = downstreamToolId(args);
  const first = result.content[0];
  const text = first?.type === 'text' ? first.text : '';
  return {
    startedAt,
    session_id: session.sessionId,
    principal: 'local',
    method: 'tools/call',
    tool: toolId ?? name,
    server: toolId?.split('::')[0] ?? null,
    outcome: result.isError ? (name === 'gateway.invoke' ? 'tool_error' : 'error') : 'ok',
    latency_ms: Date.now() - startedAt,
    auth_state: 'local',
    error: result.isError ? text.slice(0, 400) : null,
    trace_present: invokeCarriesTrace(name, args, requestMeta),
    correlation: name === 'gateway.invoke' ? invokeCorrelation(args) : null,
  };
}
