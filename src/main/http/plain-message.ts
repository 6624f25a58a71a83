// The JSON-RPC messages clients send on every call — a request or a notification with plain params — read
// without the SDK's zod schema (issue 15: that parse was a measurable share of each call). Anything this
// does not take (responses, errors, a related-task key, any doubt) goes to the SDK's parseJSONRPCMessage,
// so what passes is exactly what the schema passes, with the same content: the schema keeps a request's
// and a notification's fields as they are (its params and _meta are loose objects).
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { isRecord } from '../common/is-record';

const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);
const RELATED_TASK = 'io.modelcontextprotocol/related-task';


// The schema's integers are safe integers (zod's int()).
const isId = (value: unknown): boolean => typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value));

/** The message when it is a plain request or notification the schema accepts unchanged; otherwise undefined. */
export function plainMessage(value: unknown): JSONRPCMessage | undefined {
  if (!isRecord(value) || value.jsonrpc !== '2.0' || typeof value.method !== 'string') return undefined;
  for (const key in value) if (!REQUEST_KEYS.has(key)) return undefined;
  if ('id' in value && !isId(value.id)) return undefined;
  const params = value.params;
  if (params !== undefined) {
    if (!isRecord(params)) return undefined;
    const meta = params._meta;
    if (meta !== undefined) {
      if (!isRecord(meta) || RELATED_TASK in meta) return undefined;
      if (meta.progressToken !== undefined && !isId(meta.progressToken)) return undefined;
    }
  }
  return value as unknown as JSONRPCMessage;
}
