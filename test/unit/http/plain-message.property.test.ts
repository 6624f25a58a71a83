// plainMessage (the fast reading of a client's request or notification) may take a message only when the
// SDK's schema takes it too and reads it to the same content: over random messages near the schema's
// edges (ids of every type, extra keys, params and _meta of every shape, progress tokens, related-task),
// whatever plainMessage returns equals parseJSONRPCMessage's answer, and it never takes what the schema refuses.
import fc from 'fast-check';
import { parseJSONRPCMessage } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { plainMessage } from '../../../src/main/http/plain-message';

const anyJson = fc.jsonValue({ maxDepth: 2 });
const id = fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.double(), fc.constant(null), fc.constant(2 ** 60), fc.boolean(), anyJson);
const meta = fc.oneof(
  anyJson,
  fc.record(
    { progressToken: id, other: anyJson, 'io.modelcontextprotocol/related-task': fc.oneof(fc.record({ taskId: fc.string() }), anyJson) },
    { requiredKeys: [] },
  ),
);
const params = fc.oneof(anyJson, fc.record({ _meta: meta, name: fc.string(), arguments: anyJson }, { requiredKeys: [] }));
const message = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('1.0'), anyJson),
    id,
    method: fc.oneof(fc.constantFrom('tools/call', 'notifications/cancelled', 'ping'), anyJson),
    params,
    result: anyJson,
    error: anyJson,
    extra: anyJson,
  },
  { requiredKeys: [] },
);

function schemaReading(value: unknown): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: parseJSONRPCMessage(value) };
  } catch {
    return { ok: false };
  }
}

describe('plainMessage', () => {
  it('takes only what the SDK schema takes, read to the same content', () => {
    fc.assert(
      fc.property(message, (value) => {
        const plain = plainMessage(value);
        if (plain === undefined) return;
        const schema = schemaReading(value);
        expect(schema.ok).toBe(true);
        if (schema.ok) expect(plain).toEqual(schema.value);
      }),
      { numRuns: 3000 },
    );
  });

  it('takes the messages of every call: a tools/call request and a cancellation', () => {
    const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'gateway.invoke', arguments: { tool_id: 's::t' }, _meta: { progressToken: 'p' } } };
    const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7, reason: 'x' } };
    expect(plainMessage(call)).toBe(call);
    expect(plainMessage(cancel)).toBe(cancel);
  });

  it('leaves responses, unsafe integer ids and related-task metadata to the schema', () => {
    expect(plainMessage({ jsonrpc: '2.0', id: 1, result: {} })).toBeUndefined();
    expect(plainMessage({ jsonrpc: '2.0', id: 2 ** 60, method: 'ping' })).toBeUndefined();
    expect(plainMessage({ jsonrpc: '2.0', id: 1, method: 'ping', params: { _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't' } } } })).toBeUndefined();
  });
});
