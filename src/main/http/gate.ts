// The checks every request passes before its body is read, in the contract's order (§8): (1) Host,
// (2) Origin, (3) rate limit, (4) declared size, (5) auth. Each refusal is answered here; the caller
// only continues with an identified caller.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuditRing } from '../logs/audit-ring';
import type { Authenticator } from './auth/types';
import { declaredLength } from './body';
import { INVALID_REQUEST, TRANSPORT_REFUSED } from './jsonrpc';
import { hostAllowed, originAllowed, type OriginPolicy } from './loopback';
import type { Caller } from './caller';
import { clientKey, type RateLimiter } from './rate-limit';
import { headerValue, sendJson, sendRpcError } from './replies';
import { clientProject } from './client-project';

export interface GateOptions {
  originPolicy: OriginPolicy;
  rateLimiter: RateLimiter;
  trustProxy: boolean;
  maxBodyBytes: number;
  authenticator: Authenticator;
  audit: AuditRing;
}

/** Checks 1-3, for every path. False: the request was answered (403 or 429). */
export function passesFront(req: IncomingMessage, res: ServerResponse, options: GateOptions): boolean {
  if (!hostAllowed(headerValue(req, 'host'), options.originPolicy)) {
    sendRpcError(res, 403, null, TRANSPORT_REFUSED, 'Forbidden: the Host header does not name this gateway (a remote deployment lists its address with --public-url)');
    return false;
  }
  if (!originAllowed(headerValue(req, 'origin'), headerValue(req, 'host'), options.originPolicy)) {
    sendRpcError(res, 403, null, TRANSPORT_REFUSED, 'Forbidden: this Origin may not use the gateway');
    return false;
  }
  const key = clientKey(req.socket.remoteAddress, req.headers['x-forwarded-for'], options.trustProxy);
  const decision = options.rateLimiter.hit(key);
  if (!decision.allowed) {
    sendRpcError(res, 429, null, TRANSPORT_REFUSED, 'Too many requests: slow down', { 'retry-after': String(decision.retryAfterSeconds) });
    return false;
  }
  return true;
}

/** Check 4: a declared Content-Length over the cap is refused before anyone is authenticated. */
export function passesDeclaredSize(req: IncomingMessage, res: ServerResponse, maxBytes: number): boolean {
  const declared = declaredLength(req);
  if (declared !== null && declared > maxBytes) {
    sendRpcError(res, 413, null, INVALID_REQUEST, `Request body over ${maxBytes} bytes`, { connection: 'close' });
    return false;
  }
  return true;
}

/** Check 5. Null: refused (401/403/503 answered, audited as a gateway-level event). */
export async function authenticate(req: IncomingMessage, res: ServerResponse, options: GateOptions, startedAt: number): Promise<Caller | null> {
  const result = await options.authenticator.authenticate(headerValue(req, 'authorization'));
  if (result.ok) return { principal: result.principal, authState: result.state, startedAt, project: clientProject(req, result.principal) };
  options.audit.record({
    startedAt,
    session_id: null,
    principal: null,
    method: 'http',
    tool: null,
    server: null,
    outcome: result.status === 401 ? 'unauthorized' : result.status === 403 ? 'forbidden' : 'unavailable',
    latency_ms: Date.now() - startedAt,
    auth_state: result.state,
    error: result.body.error_description,
  });
  sendJson(res, result.status, result.body, { ...result.headers, ...(result.status === 503 ? { 'retry-after': '10' } : {}) });
  return null;
}
