// The contract answers a resource that is not there with -32002 in the 2025 era and -32602 from the
// 2026-07-28 revision on (§6). SDK 2.4 encodes every -32002 as -32602 in both eras (its codecs'
// encodeErrorCode), so a handler cannot emit -32002 itself. This transport wrapper puts it back for
// `resources/read` requests that came without the 2026 `_meta` envelope, and only for the SDK's own
// resource-not-found shape (`data` is exactly `{ uri }`), leaving every other error untouched.
import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from '@modelcontextprotocol/server';
import { RESOURCE_NOT_FOUND_LEGACY, RESOURCE_NOT_FOUND_MODERN } from './resource';

const VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
// Bounds the ids remembered if a peer never gets its answer (a dropped connection mid-read).
const MAX_TRACKED = 1024;

type Id = string | number;

function legacyReadId(message: JSONRPCMessage): Id | null {
  if (!('method' in message) || message.method !== 'resources/read' || !('id' in message)) return null;
  const meta = (message.params as { _meta?: Record<string, unknown> } | undefined)?._meta;
  return meta && typeof meta[VERSION_KEY] === 'string' ? null : (message.id as Id);
}

function isResourceNotFound(error: { code: number; data?: unknown }): boolean {
  const data = error.data;
  return error.code === RESOURCE_NOT_FOUND_MODERN && typeof data === 'object' && data !== null && Object.keys(data).length === 1 && typeof (data as { uri?: unknown }).uri === 'string';
}

/** Wraps the transport passed to `server.connect`; the inner transport keeps serving its own I/O. */
export function withLegacyResourceNotFound(inner: Transport): Transport {
  const legacyReads = new Set<Id>();
  const outer: Transport = {
    start: () => inner.start(),
    close: () => inner.close(),
    async send(message: JSONRPCMessage, options?: TransportSendOptions) {
      if ('error' in message && message.id !== undefined && legacyReads.delete(message.id as Id) && isResourceNotFound(message.error)) {
        return inner.send({ ...message, error: { ...message.error, code: RESOURCE_NOT_FOUND_LEGACY } }, options);
      }
      if ('result' in message) legacyReads.delete(message.id as Id);
      return inner.send(message, options);
    },
    get sessionId() {
      return inner.sessionId;
    },
    get hasPerRequestStream() {
      return inner.hasPerRequestStream;
    },
    setProtocolVersion: inner.setProtocolVersion?.bind(inner),
    setSupportedProtocolVersions: inner.setSupportedProtocolVersions?.bind(inner),
  };
  inner.onmessage = (message: JSONRPCMessage, extra?: MessageExtraInfo) => {
    const id = legacyReadId(message);
    if (id !== null) {
      if (legacyReads.size >= MAX_TRACKED) legacyReads.clear();
      legacyReads.add(id);
    }
    outer.onmessage?.(message, extra);
  };
  inner.onclose = () => outer.onclose?.();
  inner.onerror = (error) => outer.onerror?.(error);
  return outer;
}
