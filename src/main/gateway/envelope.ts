// How every meta-tool answer looks on the wire: one text block of compact JSON, nulls omitted, and the
// outer isError set only for real failures (contract §1).
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/server';
import { GatewayError, safeMessage, type GatewayErrorCode } from '../common/errors';

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

/**
 * An `errors[]` entry: the GatewayError's fields as an object, nulls omitted. **Gatehouse improvement**
 * (issue 12): the contract's PMCP form was a JSON string of the same fields, which every consumer had to
 * parse a second time; the fixed texts (`Unknown server: x`, `URL-mode elicitation required.`) are
 * entries of this shape too, with those texts as their message.
 */
export interface ErrorEntry {
  code: GatewayErrorCode;
  message: string;
  details?: Record<string, unknown>;
  suggestion?: string;
  retryable: boolean;
}

export function errorEntry(error: unknown): ErrorEntry {
  const gatewayError =
    error instanceof GatewayError ? error : new GatewayError('E302', safeMessage(error), { source: 'gateway' });
  return compact(gatewayError.toJSON()) as ErrorEntry;
}
