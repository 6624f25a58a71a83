// The transport wrapper every session's outgoing messages pass (gateway/redacted-output.ts), with the
// redaction fast path in front of the walk: a registered secret never reaches the wire, in a result, an
// error, a notification or a JSON text nested in a result, however it is escaped; a message with nothing
// to redact goes out as the very object the SDK handed over; `redact_secrets: false` spares only the
// pattern stage of that one answer.
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { createOutputRedaction } from '../../../src/main/gateway/redacted-output';
import { patternSet } from '../../../src/main/redaction/patterns';
import { createRedaction } from '../../../src/main/redaction/pipeline';
import { createSecretValues } from '../../../src/main/redaction/secret-values';

/** The payload of an answer the wrapper sent. */
const resultOf = <T = unknown>(message: JSONRPCMessage | undefined): T => (message as unknown as { result: T }).result;

const SECRET = 'pa"ss\\word-7Qx!';

function wire() {
  const sent: JSONRPCMessage[] = [];
  const transport = {
    async start() {},
    async close() {},
    async send(message: JSONRPCMessage) {
      sent.push(message);
    },
  } as Transport;
  const output = createOutputRedaction(createRedaction({ secrets: createSecretValues([SECRET]), patterns: () => patternSet([], false) }));
  return { sent, output, wrapped: output.wrap(transport) };
}

describe('the outgoing redaction wrapper', () => {
  it('keeps a registered secret off the wire wherever it sits, escaped or nested', async () => {
    const { sent, wrapped } = wire();
    const nested = JSON.stringify({ tool_id: 's::t', ok: true, result: { content: [{ type: 'text', text: JSON.stringify({ echoed: SECRET }) }] } });
    await wrapped.send({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: nested }] } } as JSONRPCMessage);
    await wrapped.send({ jsonrpc: '2.0', id: 2, error: { code: -32000, message: `failed with ${SECRET}` } } as JSONRPCMessage);
    await wrapped.send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: { [SECRET]: SECRET } } } as JSONRPCMessage);
    const text = JSON.stringify(sent);
    expect(text).not.toContain(JSON.stringify(SECRET).slice(1, -1));
    expect(text).not.toContain(JSON.stringify(JSON.stringify(SECRET)).slice(1, -1));
    expect(text).toContain('[REDACTED]');
    expect(JSON.parse(resultOf<{ content: { text: string }[] }>(sent[0]).content[0]!.text).ok).toBe(true);
  });

  it('sends a message with nothing to redact as the object it was given', async () => {
    const { sent, wrapped } = wire();
    const result = { content: [{ type: 'text', text: '{"tool_id":"everything::echo","ok":true}' }] };
    await wrapped.send({ jsonrpc: '2.0', id: 3, result } as JSONRPCMessage);
    expect(resultOf(sent[0])).toBe(result);
  });

  it('spares only the patterns of the answer a caller opted out for, never the secret values', async () => {
    const { sent, wrapped, output } = wire();
    output.skipPatternsFor(4);
    await wrapped.send({ jsonrpc: '2.0', id: 4, result: { note: `password=hunter2hunter2 ${SECRET}` } } as JSONRPCMessage);
    await wrapped.send({ jsonrpc: '2.0', id: 5, result: { note: 'password=hunter2hunter2' } } as JSONRPCMessage);
    expect(resultOf<{ note: string }>(sent[0]).note).toBe('password=hunter2hunter2 [REDACTED]');
    expect(resultOf<{ note: string }>(sent[1]).note).toBe('password= [REDACTED]');
  });

  it("hands the SDK the transport's own methods, bound to it, the same each time", () => {
    const { wrapped } = wire();
    expect(wrapped.start).toBe(wrapped.start);
    expect(wrapped.send).toBe(wrapped.send);
  });
});
