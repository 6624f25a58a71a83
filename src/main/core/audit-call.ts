// One finished meta-tool call as an audit event, for sessions the HTTP layer does not see (stdio,
// in-process); what the call was about comes from the same builder the HTTP layer uses.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { auditSubject } from '../gateway/audit-subject';
import type { SessionIdentity } from '../gateway/meta-tool';
import type { AuditInput } from '../logs/audit-ring';

export function auditCall(name: string, args: unknown, result: CallToolResult, startedAt: number, session: SessionIdentity, requestMeta?: unknown): AuditInput {
  const first = result.content[0];
  const text = first?.type === 'text' ? first.text : '';
  return {
    startedAt,
    session_id: session.sessionId,
    principal: 'local',
    method: 'tools/call',
    ...auditSubject(name, args, requestMeta),
    outcome: result.isError ? (name === 'gateway.invoke' ? 'tool_error' : 'error') : 'ok',
    latency_ms: Date.now() - startedAt,
    auth_state: 'local',
    error: result.isError ? text : null,
  };
}
