// Assertions for the contract's envelope (gateway-contract.md §1): one text block of compact JSON, nulls
// omitted, no structuredContent; request-level failures as {"error":true,"message","code"} with isError;
// schema-invalid input as plain `Input validation error: ...` text; errors[] entries as GatewayError objects.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { expect } from 'vitest';

/** Every path in `value` holding null: the contract omits null fields instead. */
export function nullPaths(value: unknown, path = ''): string[] {
  if (value === null) return [path || '/'];
  if (Array.isArray(value)) return value.flatMap((v, i) => nullPaths(v, `${path}/${i}`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => nullPaths(v, `${path}/${k}`));
  return [];
}

/** The decoded JSON of content[0], after checking it is compact JSON without nulls and without structuredContent. */
export function jsonOf<T = Record<string, unknown>>(result: CallToolResult): T {
  expect(result).not.toHaveProperty('structuredContent');
  const first = result.content[0];
  expect(first?.type).toBe('text');
  const text = first?.type === 'text' ? first.text : '';
  const body = JSON.parse(text) as T;
  // Compact: exactly what JSON.stringify writes without indentation (no newlines, no padding).
  expect(text).toBe(JSON.stringify(body));
  expect(nullPaths(body)).toEqual([]);
  return body;
}

/** A normal answer (isError absent or false) and its body. */
export function answerOf<T = Record<string, unknown>>(result: CallToolResult): T {
  expect(result.isError ?? false).toBe(false);
  return jsonOf<T>(result);
}

export interface RequestError {
  error: true;
  message: string;
  code: string;
  details?: Record<string, unknown>;
  suggestion?: string;
}

/** A request-level failure: isError and {"error":true,"message","code"} (plus optional details/suggestion). */
export function requestErrorOf(result: CallToolResult, code?: string): RequestError {
  expect(result.isError).toBe(true);
  expect(result.content).toHaveLength(1);
  const body = jsonOf<RequestError>(result);
  expect(body.error).toBe(true);
  expect(typeof body.message).toBe('string');
  expect(body.code).toMatch(/^E\d{3}$/);
  for (const key of Object.keys(body)) expect(['error', 'message', 'code', 'details', 'suggestion']).toContain(key);
  if (code) expect(body.code).toBe(code);
  return body;
}

/** Schema-invalid meta-tool input: plain text `Input validation error: <detail>`, isError, nothing else. */
export function expectInputValidationError(result: CallToolResult): string {
  expect(result.isError).toBe(true);
  expect(result).not.toHaveProperty('structuredContent');
  expect(result.content).toHaveLength(1);
  const first = result.content[0];
  expect(first?.type).toBe('text');
  const text = first?.type === 'text' ? first.text : '';
  expect(text).toMatch(/^Input validation error: \S/);
  return text;
}

export interface ErrorEntry {
  code: string;
  message: string;
  details?: Record<string, unknown>;
  suggestion?: string;
  retryable?: boolean;
}

/**
 * errors[] entries: GatewayError objects, every one with a code, a message and `retryable` — never a
 * JSON string to parse again, the fixed texts of contract §2.1 included (Gatehouse improvement, issue 12).
 */
export function decodeErrors(errors: unknown): ErrorEntry[] {
  expect(Array.isArray(errors)).toBe(true);
  return (errors as unknown[]).map((entry) => {
    expect(typeof entry).toBe('object');
    const parsed = entry as ErrorEntry;
    expect(parsed.code).toMatch(/^E\d{3}$/);
    expect(typeof parsed.message).toBe('string');
    expect(typeof parsed.retryable).toBe('boolean');
    return parsed;
  });
}

/** `fields` all present in `body` (the contract's *always* fields, or the fields a scenario must fill). */
export function expectFields(body: object, fields: readonly string[]): void {
  expect(Object.keys(body)).toEqual(expect.arrayContaining([...fields]));
}
