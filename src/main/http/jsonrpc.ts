// JSON-RPC framing shared by /mcp and the stdio transports: what counts as one acceptable message, and
// the error answer for everything else. Validation is the SDK's own schema (or plain-message.ts, which takes
// only what that schema takes unchanged), so whatever passes here is never silently dropped by the SDK
// afterwards — every malformed request that names an id gets an answer.
import { parseJSONRPCMessage, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { plainMessage } from './plain-message';
import { isRecord } from '../common/is-record';

export type JsonRpcId = string | number;

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const INTERNAL_ERROR = -32603;
/** Implementation-defined (-32000..-32019): the gateway refused the request at the transport layer. */
export const TRANSPORT_REFUSED = -32000;
export const REQUEST_TIMED_OUT = -32001;

export interface JsonRpcErrorBody {
  jsonrpc: '2.0';
  id: JsonRpcId | null;
  error: { code: number; message: string; data?: unknown };
}

/** One inbound message as the gateway routes it. */
export interface InboundMessage {
  kind: 'request' | 'notification' | 'response';
  id: JsonRpcId | null;
  method: string | null;
  params: Record<string, unknown> | undefined;
  message: JSONRPCMessage;
}

export type Classified = { ok: true; inbound: InboundMessage } | { ok: false; error: JsonRpcErrorBody };

export function jsonRpcError(id: JsonRpcId | null, code: number, message: string, data?: unknown): JsonRpcErrorBody {
  return { jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } };
}


/** The id to echo in an error: only a value the JSON-RPC schema accepts as an id, else null. */
export function echoableId(value: unknown): JsonRpcId | null {
  if (!isRecord(value)) return null;
  const id = value.id;
  if (typeof id === 'string') return id;
  if (typeof id === 'number' && Number.isInteger(id)) return id;
  return null;
}

/** Classifies a parsed JSON body; batches are refused (removed from MCP in 2025-06-18). */
export function classifyParsed(parsed: unknown): Classified {
  if (Array.isArray(parsed)) {
    return { ok: false, error: jsonRpcError(null, INVALID_REQUEST, 'Invalid Request: JSON-RPC batches are not supported; send one message per request') };
  }
  let message: JSONRPCMessage;
  try {
    message = plainMessage(parsed) ?? parseJSONRPCMessage(parsed);
  } catch {
    return { ok: false, error: jsonRpcError(echoableId(parsed), INVALID_REQUEST, 'Invalid Request: not a valid JSON-RPC 2.0 message') };
  }
  const record = message as unknown as Record<string, unknown>;
  const method = typeof record.method === 'string' ? record.method : null;
  const id = echoableId(record);
  const params = isRecord(record.params) ? record.params : undefined;
  if (id !== null && method === null) return { ok: true, inbound: { kind: 'response', id, method, params, message } };
  if (method !== null && 'id' in record) {
    if (id === null) return { ok: false, error: jsonRpcError(null, INVALID_REQUEST, 'Invalid Request: the id must be a string or an integer') };
    return { ok: true, inbound: { kind: 'request', id, method, params, message } };
  }
  if (method !== null) return { ok: true, inbound: { kind: 'notification', id: null, method, params, message } };
  return { ok: true, inbound: { kind: 'response', id: null, method: null, params, message } };
}

/** Parses text and classifies it; a parse failure is a -32700 with id null. */
export function classifyText(text: string): Classified {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: jsonRpcError(null, PARSE_ERROR, 'Parse error: the body is not valid JSON') };
  }
  return classifyParsed(parsed);
}

