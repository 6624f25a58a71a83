// How every meta-tool answer looks on the wire: one text block of compact JSON, nulls omitted, and the
// outer isError set only for real failures (contract §1).
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/server';
import { GatewayError, safeMessage } from '../core/errors';

/** Drops null and undefined fields recursively; arrays keep their length. */
export function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compact);
  if (value && typeof value === 'object' && value.constructor === Object) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (inner !== null && inner !== undefined) out[key] = compact(inner);
    }
    return out;
  }
  return value;
}

export function jsonResult(body: Record<string, unknown>, options: { isError?: boolean; extra?: ContentBlock[] } = {}): CallToolResult {
  const content: ContentBlock[] = [{ type: 'text', text: JSON.stringify(compact(body)) }, ...(options.extra ?? [])];
  return options.isError ? { content, isError: true } : { content };
}

/** A request-level failure: `{"error":true,"message","code"}` with isError (contract §1). */
export function errorResult(error: unknown): CallToolResult {
  const gatewayError = error instanceof GatewayError ? error : null;
  return jsonResult(
    {
      error: true,
      message: gatewayError?.message ?? safeMessage(error),
      code: gatewayError?.code ?? 'E302',
      details: gatewayError && Object.keys(gatewayError.details).length ? gatewayError.details : null,
      suggestion: gatewayError?.suggestion ?? null,
    },
    { isError: true },
  );
}

/** An `errors[]` entry: a JSON string of the GatewayError, as PMCP's consumers expect. */
export function errorEntry(error: unknown): string {
  const gatewayError =
    error instanceof GatewayError ? error : new GatewayError('E302', safeMessage(error), { source: 'gateway' });
  return JSON.stringify(compact(gatewayError.toJSON()));
}
