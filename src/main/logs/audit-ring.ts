// The audit ring (issue 5, item 7): a bounded in-memory record of what clients asked the gateway and
// how it ended. Reader: `getAuditEvents(sessionId?, principal?)` — a session sees its own events plus
// gateway-level ones (no session and no principal: refusals before anyone was identified) and, given its
// principal, that principal's stateless requests; never another client's (contract §8.3 `audit_events`).
// Every event is redacted before it is stored, never after, by the `redact` its owner passes (the core's
// pipeline, or the listener's own rules when it runs without a core), so audit.jsonl is written already
// redacted. Optionally each stored event is also kept on disk (audit.jsonl in the state folder, contract
// §4.4), exactly as the ring holds it.
import { auditLogPath } from './paths';
import { openRotatingFile } from './rotating-file';

/** gateway.invoke's run, seat and evidence-label correlation ids (gateway/correlation.ts), when given. */
export type Correlation = Readonly<Record<string, string>>;

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

export interface AuditRingOptions {
  /** Told every event as stored (already redacted). It must not throw; if it does, the ring carries on. */
  onRecord?(event: AuditEvent): void;
  /** Also append every event, one JSON object a line, to `<persistIn>/audit.jsonl` (rotated by size). */
  persistIn?: string;
  /** Redaction for an event's text fields (error, method, tool, server); default: none. */
  redact?: (text: string) => string;
}

// Events reach the file in batches at most this far apart: one write per batch, not one per request (a
// write per audited call was a measurable share of the invoke path's CPU). flushOpenFiles and the exit
// hook write what is queued, so stopping loses nothing.
const AUDIT_FILE_BATCH_MS = 200;

/** The onRecord sink that appends events to a JSON-lines file without waiting for the disk. */
function auditFileSink(path: string): (event: AuditEvent) => void {
  const file = openRotatingFile(path, { batchMs: AUDIT_FILE_BATCH_MS });
  return (event) => file.write(JSON.stringify(event));
}

export function createAuditRing(capacity = AUDIT_RING_SIZE, options: AuditRingOptions = {}): AuditRing {
  const ring: AuditEvent[] = [];
  let next = 0;
  const sinks = [options.onRecord, options.persistIn === undefined ? undefined : auditFileSink(auditLogPath(options.persistIn))];
  return {
    record(input) {
      const pipeline = options.redact ?? ((text: string) => text);
      // Built field by field (no rest/spread copies): this runs once per audited call, on the invoke path.
      const event: AuditEvent = {
        session_id: input.session_id,
        principal: input.principal,
        method: pipeline(input.method),
        tool: input.tool === null ? null : pipeline(input.tool),
        server: input.server === null ? null : pipeline(input.server),
        outcome: input.outcome,
        latency_ms: input.latency_ms,
        auth_state: input.auth_state,
        ts: new Date(input.startedAt).toISOString(),
        error: input.error ? pipeline(input.error) : null,
        trace_present: input.trace_present ?? false,
        correlation: input.correlation ?? null,
      };
      if (ring.length < capacity) ring.push(event);
      else ring[next] = event;
      next = (next + 1) % capacity;
      for (const sink of sinks) {
        try {
          sink?.(event);
        } catch {
          // A failing sink must not fail the request being recorded.
        }
      }
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
