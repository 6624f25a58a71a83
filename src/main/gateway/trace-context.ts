// W3C trace context passthrough for gateway.invoke (contract §2.3): the caller's traceparent, tracestate
// and baggage travel downstream in the tools/call `_meta` (the keys MCP's SEP-414 uses), so a trace the
// agent started continues inside the server. Tracing only observes: a malformed value is dropped, never
// a reason to refuse the call.
import * as z from 'zod';

export const TRACE_CONTEXT_KEYS = ['traceparent', 'tracestate', 'baggage'] as const;
export type TraceKey = (typeof TRACE_CONTEXT_KEYS)[number];
export type TraceMeta = Partial<Record<TraceKey, string>>;

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;
const MAX_CHARS: Record<Exclude<TraceKey, 'traceparent'>, number> = { tracestate: 512, baggage: 8192 };
// Printable ASCII only: both are ASCII headers on the wire, and a newline or control byte would let a
// caller forge a header or a log line in a server that copies the value into HTTP or its logs.
const PRINTABLE = /^[\x20-\x7e]+$/;

export function validTraceparent(value: unknown): value is string {
  const match = typeof value === 'string' ? TRACEPARENT.exec(value) : null;
  if (!match) return false;
  const [, version, traceId, parentId] = match;
  // Version ff is forbidden; an all-zero trace or parent id means "no trace" (W3C §3.2.2).
  return version !== 'ff' && !/^0+$/.test(traceId ?? '') && !/^0+$/.test(parentId ?? '');
}

function validListValue(key: Exclude<TraceKey, 'traceparent'>, value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_CHARS[key] && PRINTABLE.test(value);
}

// `.catch(undefined)`: a value of the wrong type is dropped like a malformed one instead of failing the
// whole call's input validation. The advertised schema still says "string".
const traceField = (description: string) => z.string().nullish().catch(undefined).describe(description);

/** invoke's `trace_context` and `_meta` arguments; the values are checked by traceMeta(). */
export const TraceContextInput = z
  .object({
    traceparent: traceField('W3C traceparent: 00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>.'),
    tracestate: traceField('W3C tracestate (at most 512 chars); forwarded only with a valid traceparent.'),
    baggage: traceField('W3C baggage (at most 8192 chars).'),
  })
  .nullish()
  .catch(undefined);

/**
 * The valid trace keys of the given sources, the first valid value of each winning. tracestate belongs
 * to its traceparent: it comes from the same source, never alone (W3C: without a traceparent it must
 * not be used). Baggage stands on its own.
 */
export function traceMeta(...sources: unknown[]): TraceMeta {
  const out: TraceMeta = {};
  for (const source of sources) {
    if (typeof source !== 'object' || source === null) continue;
    const given = source as Record<string, unknown>;
    if (out.traceparent === undefined && validTraceparent(given.traceparent)) {
      out.traceparent = given.traceparent;
      if (validListValue('tracestate', given.tracestate)) out.tracestate = given.tracestate;
    }
    if (out.baggage === undefined && validListValue('baggage', given.baggage)) out.baggage = given.baggage;
  }
  return out;
}

/**
 * Whether a gateway.invoke call carries a valid traceparent — in its arguments or in the request's own
 * `_meta` (where MCP clients put trace context): the audit's `trace_present`.
 */
export function invokeCarriesTrace(toolName: unknown, args: unknown, requestMeta?: unknown): boolean {
  if (toolName !== 'gateway.invoke' || typeof args !== 'object' || args === null) return false;
  const given = args as { trace_context?: unknown; _meta?: unknown };
  return traceMeta(given.trace_context, given._meta, requestMeta).traceparent !== undefined;
}
