// How one finished /mcp exchange is counted (metrics) and remembered (audit ring).
import type { AuditOutcome, AuditRing } from '../logs/audit-ring';
import type { ExchangeEnd } from './exchange';
import type { InboundMessage } from './jsonrpc';
import type { Caller } from './caller';
import type { Metrics, ToolOutcome } from './metrics';
import { auditSubject } from '../gateway/audit-subject';

function outcomeOf(end: ExchangeEnd): { outcome: ToolOutcome; error: string | null } {
  if (end.kind === 'timeout') return { outcome: 'timeout', error: 'request timed out (--request-timeout)' };
  const observed = end.observed;
  if (observed?.kind === 'error') return { outcome: 'error', error: `${observed.code}: ${observed.message}` };
  if (observed?.kind === 'result') return observed.isError ? { outcome: 'tool_error', error: observed.errorText } : { outcome: 'ok', error: null };
  if (end.kind === 'disconnected') return { outcome: 'disconnected', error: 'the client closed the connection before the answer' };
  return end.status >= 400 ? { outcome: 'error', error: `HTTP ${end.status}` } : { outcome: 'ok', error: null };
}

export function recordExchange(
  sinks: { metrics: Metrics; audit: AuditRing },
  caller: Caller,
  sessionId: string | null,
  inbound: InboundMessage | null,
  end: ExchangeEnd,
): void {
  if (inbound?.kind !== 'request' || inbound.method === null) return;
  const { outcome, error } = outcomeOf(end);
  const latencyMs = Date.now() - caller.startedAt;
  const subject = inbound.method === 'tools/call' ? auditSubject(inbound.params?.name, inbound.params?.arguments, inbound.params?._meta) : null;
  if (subject) sinks.metrics.countToolCall(subject.server, outcome, latencyMs / 1000);
  sinks.audit.record({
    startedAt: caller.startedAt,
    session_id: sessionId,
    principal: caller.principal.name,
    method: inbound.method.slice(0, 100),
    tool: subject?.tool ?? null,
    server: subject?.server ?? null,
    outcome: outcome as AuditOutcome,
    latency_ms: latencyMs,
    auth_state: caller.authState,
    error,
    trace_present: subject?.trace_present ?? false,
    correlation: subject?.correlation ?? null,
  });
}
