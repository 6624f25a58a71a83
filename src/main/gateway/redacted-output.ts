// The outgoing side of every MCP session passes here: whatever the gateway sends a client (results,
// errors, progress and log notifications, list-changed notices, requests to the client) is redacted by
// the one pipeline just before the transport writes it. Handlers still redact what they build (shaping
// must redact before it truncates), but nothing can reach a client around this point.
import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/server';
import type { Redaction } from '../redaction/pipeline';

type Id = string | number;
// Bounds the ids remembered if an answer is never sent (a dropped connection mid-call).
const MAX_TRACKED = 1024;

export interface OutputRedaction {
  /** The answer to this request skips the pattern stage (gateway.invoke's `redact_secrets: false`). */
  skipPatternsFor(id: Id): void;
  /** The transport to hand to `server.connect`: the same transport, with `send` redacting first. */
  wrap(transport: Transport): Transport;
}

export function createOutputRedaction(redaction: Redaction): OutputRedaction {
  const patternsOff = new Set<Id>();
  const redactMessage = (message: JSONRPCMessage): JSONRPCMessage => {
    const id = 'id' in message ? (message.id as Id | undefined) : undefined;
    const answer = id !== undefined && ('result' in message || 'error' in message);
    const patterns = !(answer && patternsOff.delete(id));
    // Only the payload: `jsonrpc`, `id` and `method` are protocol, never rewritten.
    if ('result' in message) return { ...message, result: redaction.value(message.result, { patterns }) };
    if ('error' in message) return { ...message, error: redaction.value(message.error, { patterns }) };
    if ('params' in message && message.params !== undefined) return { ...message, params: redaction.value(message.params, { patterns }) } as JSONRPCMessage;
    return message;
  };
  return {
    skipPatternsFor(id) {
      if (patternsOff.size >= MAX_TRACKED) patternsOff.clear();
      patternsOff.add(id);
    },
    wrap(transport) {
      // A proxy rather than a copy: transports carry more than the interface (per-request HTTP
      // transports, session ids, protocol-version setters) and the SDK assigns onmessage/onclose on it.
      const send = (message: JSONRPCMessage, options?: TransportSendOptions) => transport.send(redactMessage(message), options);
      // Methods bound once, not on every read: the SDK reads them for every message it handles.
      const bound = new Map<PropertyKey, { method: (...args: unknown[]) => unknown; bound: unknown }>();
      return new Proxy(transport, {
        // The target itself is the receiver: transports keep state in private fields, which a getter or
        // method called with the proxy as `this` could not reach.
        get(target, property) {
          if (property === 'send') return send;
          const value: unknown = Reflect.get(target, property, target);
          if (typeof value !== 'function') return value;
          const known = bound.get(property);
          if (known?.method === value) return known.bound;
          const fresh = value.bind(target);
          bound.set(property, { method: value as (...args: unknown[]) => unknown, bound: fresh });
          return fresh;
        },
        set(target, property, value) {
          return Reflect.set(target, property, value, target);
        },
      });
    },
  };
}
