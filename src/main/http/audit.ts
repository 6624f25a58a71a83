// The audit ring (issue 5, item 7): a bounded in-memory record of what clients asked the gateway and
// how it ended. Reader: `getAuditEvents(sessionId?, principal?)` — a session sees its own events plus
// gateway-level ones (no session and no principal: refusals before anyone was identified) and, given its
// principal, that principal's stateless requests; never another client's (contract §8.3 `audit_events`).
// Error text is redacted before it is stored, never after.
import { redact } from './redact';
import type { Correlation } from '../gateway/correlation';

export const AUDIT_RING_SIZE = 1000;

export type AuditOutcome =
  | 'ok'
  | 'tool_error'
  | 'error'
  | 'timeout'
  | 'disconnected'
  | 'unauthorized'
  | 'forbidden'
  | 'unavailable';

export type AuthState = 'none' | 'authenticated' | 'local' | 'missing' | 'invalid' | 'insufficient_scope' | 'unavailable';

export interface AuditEvent {
  /** ISO time the request arrived. */
  ts: string;
  session_id: string | null;
  principal: string | null;
  /** JSON-RPC method, or `http` for a request refused before it was read. */
  method: string;
  tool: string | null;
  server: string | null;
  outcome: AuditOutcome;
  latency_ms: number;
  auth_state: AuthState;
  error: string | null;
  /** gateway.invoke carried a valid W3C traceparent (sent downstream whenever the call reaches the server). */
  trace_present: boolean;
  /** gateway.invoke's run, seat and evidence-label correlation ids (audit only), when given. */
  correlation: Correlation | null;
}

export type AuditInput = Omit<AuditEvent, 'ts' | 'error' | 'trace_present' | 'correlation'> & { startedAt: number; error?: string | null; trace_present?: boolean; correlation?: Correlation | null };

export interface AuditRing {
  record(event: AuditInput): void;
  /** Newest last. With a session id: that session's, its principal's stateless and gateway-level events; without: all (operator view). */
  getAuditEvents(sessionId?: string, principal?: string): AuditEvent[];
  readonly size: number;
}

export function createAuditRing(capacity = AUDIT_RING_SIZE, secrets: () => readonly string[] = () => []): AuditRing {
  const ring: AuditEvent[] = [];
  let next = 0;
  return {
    record(input) {
      const { startedAt, error, trace_present, correlation, ...rest } = input;
      const event: AuditEvent = {
        ...rest,
        ts: new Date(startedAt).toISOString(),
        error: error ? redact(error, secrets()) : null,
        trace_present: trace_present ?? false,
        correlation: correlation ?? null,
      };
      if (ring.length < capacity) ring.push(event);
      else ring[next] = event;
      next = (next + 1) % capacity;
    },
    getAuditEvents(sessionId, principal) {
      const ordered = ring.length < capacity ? [...ring] : [...ring.slice(next), ...ring.slice(0, next)];
      if (sessionId === undefined) return ordered;
      return ordered.filter(
        (event) =>
          event.session_id === sessionId ||
          (event.session_id === null && (event.principal === null || (principal !== undefined && event.principal === principal))),
      );
    },
    get size() {
      return ring.length;
    },
  };
}
