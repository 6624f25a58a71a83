// Small answers the HTTP layer writes itself (refusals, health, metrics), and the conversion of a Node
// request into the web Request the SDK's handlers take.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { jsonRpcError, type JsonRpcId } from './jsonrpc';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

/** A JSON-RPC error as the HTTP answer (what MCP clients parse on a refused POST). */
export function sendRpcError(res: ServerResponse, status: number, id: JsonRpcId | null, code: number, message: string, headers: Record<string, string> = {}, data?: unknown): void {
  sendJson(res, status, jsonRpcError(id, code, message, data), headers);
}

export function sendText(res: ServerResponse, status: number, text: string, contentType: string): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
}

/**
 * The web Request for an already validated and fully read Node request. The body is passed as the
 * text that was read (framing headers dropped: they described the wire, not this body). A handler given
 * the parsed body never reads it, and a signal nobody aborts costs an AbortSignal per request, so
 * both are optional (the handshake-era path passes neither).
 */
export function toWebRequest(req: IncomingMessage, body?: string, signal?: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    try {
      if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      else headers.set(name, value);
    } catch {
      // A header the fetch API refuses carries nothing MCP needs.
    }
  }
  headers.delete('transfer-encoding');
  headers.delete('content-length');
  headers.delete('content-encoding');
  const host = req.headers.host ?? 'localhost';
  return new Request(`http://${host}${req.url ?? '/'}`, {
    method: req.method ?? 'GET',
    headers,
    ...(signal && { signal }),
    ...(body !== undefined && { body }),
  });
}

/** A single header value (the first, when a client repeats it). */
export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
