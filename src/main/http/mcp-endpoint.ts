// /mcp after the gate (Host, Origin, rate limit, size, auth): the counted body read, JSON-RPC framing,
// and the route between the two protocol eras — 2026-07-28 requests (per-request `_meta` envelope) go
// to the SDK's stateless handler with a fresh server each; everything else is the handshake era, served
// by per-session servers (sessions.ts). Every request is timed, counted and audited on its way out.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isInitializeRequest, isJsonContentType, type AuthInfo, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { AuditRing } from '../logs/audit-ring';
import { principalKey, type Principal } from './auth/types';
import { acceptsJson } from './accept';
import { readBody } from './body';
import { isLegacyPost } from './era';
import { runExchange, type ExchangeEnd } from './exchange';
import { classifyText, INVALID_REQUEST, TRANSPORT_REFUSED, type InboundMessage } from './jsonrpc';
import type { Metrics } from './metrics';
import { HEADER_MISMATCH, paramHeaderMismatch } from './param-headers';
import { headerValue, sendJson, sendRpcError, toWebRequest } from './replies';
import type { Session, SessionRegistry } from './sessions';
import { recordExchange } from './record';
import type { Caller } from './caller';

export type { Caller };

export interface McpEndpointOptions {
  sessions: SessionRegistry;
  modern: McpHttpHandler;
  maxBodyBytes: number;
  requestTimeoutMs: number;
  metrics: Metrics;
  audit: AuditRing;
  /** How long a new SSE answer stream is held back (exchange.ts); tests widen it. */
  answerHoldMs?: number;
  /** A tool's input schema as a stateless client sees it listed (param-headers.ts); absent: no check. */
  listedInputSchema?(project: string | null, clientName: string | null, name: string): Record<string, unknown> | null;
}

/** Requests the request timeout never cuts: tool calls (bounded by the core's own timers) and streams. */
const EXEMPT_METHODS = new Set(['tools/call', 'tasks/result', 'subscriptions/listen']);
const MODERN_VERSION = /^\d{4}-\d{2}-\d{2}$/;

export function authInfoOf(principal: Principal, project: string | null = null): AuthInfo {
  // The token itself stays out of handler context: nothing downstream may forward or log it.
  return {
    token: 'redacted',
    clientId: principal.name,
    scopes: principal.scopes,
    ...(principal.expiresAt !== undefined && { expiresAt: principal.expiresAt }),
    extra: { principal: principal.name, principalKind: principal.kind, principalKey: principalKey(principal), ...(project && { project }) },
  };
}

function isModernHeader(req: IncomingMessage): boolean {
  const version = headerValue(req, 'mcp-protocol-version');
  return version !== undefined && MODERN_VERSION.test(version) && version >= '2026-07-28';
}

export function createMcpEndpoint(options: McpEndpointOptions) {
  const { sessions } = options;
  let statelessInFlight = 0;

  const timeoutFor = (inbound: InboundMessage | null) =>
    inbound === null || inbound.kind !== 'request' || EXEMPT_METHODS.has(inbound.method ?? '') ? null : options.requestTimeoutMs;

  async function inSession(req: IncomingMessage, res: ServerResponse, caller: Caller, session: Session, inbound: InboundMessage | null, hasBody = false) {
    // The transport gets the parsed message, so the web Request carries headers only; and nothing aborts
    // it (a handshake-era disconnect is not a cancellation), so it has no signal either.
    const webRequest = toWebRequest(req);
    const parsedBody: unknown = hasBody ? inbound?.message : undefined;
    const kind = req.method === 'GET' ? 'stream' : 'request';
    sessions.begin(session, kind);
    let end: ExchangeEnd;
    try {
      end = await runExchange(res, () => session.transport.handleRequest(webRequest, { parsedBody, authInfo: authInfoOf(caller.principal) }), {
        requestId: inbound?.kind === 'request' ? inbound.id : null,
        timeoutMs: req.method === 'GET' ? null : timeoutFor(inbound),
        jsonAnswer: acceptsJson(headerValue(req, 'accept')),
        holdMs: options.answerHoldMs,
        // A handshake-era disconnect is not a cancellation; a timeout is, delivered as the client would.
        cancel: () => {
          if (inbound?.kind === 'request' && inbound.id !== null) {
            session.transport.onmessage?.({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: inbound.id, reason: 'request timeout' } });
          }
        },
      });
    } finally {
      sessions.end(session, kind);
    }
    recordExchange(options, caller, session.id, inbound, end);
  }

  async function stateless(req: IncomingMessage, res: ServerResponse, caller: Caller, inbound: InboundMessage, body: string) {
    const refused = headerMismatch(req, caller, inbound);
    if (refused) return sendRpcError(res, 400, inbound.id, HEADER_MISMATCH, refused.message, {}, refused.data);
    const controller = new AbortController();
    // In the stateless era closing the stream is the cancellation, so a vanished client cancels.
    const onClose = () => {
      if (!res.writableFinished) controller.abort();
    };
    res.once('close', onClose);
    statelessInFlight += 1;
    let end: ExchangeEnd;
    try {
      const webRequest = toWebRequest(req, body, controller.signal);
      end = await runExchange(res, () => options.modern.fetch(webRequest, { parsedBody: inbound.message, authInfo: authInfoOf(caller.principal, caller.project ?? null) }), {
        requestId: inbound.kind === 'request' ? inbound.id : null,
        timeoutMs: timeoutFor(inbound),
        jsonAnswer: acceptsJson(headerValue(req, 'accept')),
        holdMs: options.answerHoldMs,
        cancel: () => controller.abort(),
      });
    } finally {
      statelessInFlight -= 1;
      res.off('close', onClose);
    }
    recordExchange(options, caller, null, inbound, end);
  }

  /** A 2026-07-28 tools/call whose Mcp-Param-* headers disagree with its arguments (SEP-2243), or null. */
  function headerMismatch(req: IncomingMessage, caller: Caller, inbound: InboundMessage) {
    if (!options.listedInputSchema || inbound.kind !== 'request' || inbound.method !== 'tools/call') return null;
    const params = (inbound.message as { params?: { name?: unknown; arguments?: unknown; _meta?: Record<string, unknown> } }).params;
    if (typeof params?.name !== 'string') return null;
    const clientInfo = params._meta?.['io.modelcontextprotocol/clientInfo'] as { name?: unknown } | undefined;
    const schema = options.listedInputSchema(caller.project ?? null, typeof clientInfo?.name === 'string' ? clientInfo.name : null, params.name);
    return schema ? paramHeaderMismatch(schema, params.arguments, (name) => headerValue(req, name)) : null;
  }

  async function post(req: IncomingMessage, res: ServerResponse, caller: Caller) {
    const read = await readBody(req, options.maxBodyBytes, options.requestTimeoutMs);
    if (!read.ok) {
      if (read.reason === 'aborted') return void res.destroy();
      const [status, message] = read.reason === 'too_large'
        ? [413, `Request body over ${options.maxBodyBytes} bytes`]
        : [408, 'Request body not received within --request-timeout'];
      return sendRpcError(res, status, null, INVALID_REQUEST, message, { connection: 'close' });
    }
    if (!isJsonContentType(headerValue(req, 'content-type') ?? null)) {
      return sendRpcError(res, 415, null, INVALID_REQUEST, 'Unsupported Media Type: Content-Type must be application/json');
    }
    const text = read.bytes.toString('utf8');
    const classified = classifyText(text);
    if (!classified.ok) return sendJson(res, 400, classified.error);
    const { inbound } = classified;
    // The era, decided as the SDK's isLegacyRequest does for a parsed body, from the three headers it
    // reads — without building a web Request (and cloning its body) just to ask (era.ts).
    const legacy = isLegacyPost(inbound, {
      protocolVersion: headerValue(req, 'mcp-protocol-version'),
      method: headerValue(req, 'mcp-method'),
      name: headerValue(req, 'mcp-name'),
    });
    if (!legacy) return stateless(req, res, caller, inbound, text);
    const sessionId = headerValue(req, 'mcp-session-id');
    if (sessionId !== undefined) {
      const session = sessions.lookup(sessionId, caller.principal);
      if (!session) return sendRpcError(res, 404, inbound.id, -32001, 'Session not found: initialize a new session');
      return inSession(req, res, caller, session, inbound, true);
    }
    if (inbound.kind === 'request' && inbound.method === 'initialize') {
      if (!isInitializeRequest(inbound.message)) {
        return sendRpcError(res, 400, inbound.id, -32602, 'Invalid params: initialize needs protocolVersion, capabilities and clientInfo');
      }
      const prepared = await sessions.prepare(caller.principal, caller.project ?? null);
      if ('refused' in prepared) {
        // 429: this principal's own quota, its other sessions must end first; 503: the gateway as a whole is full.
        if (prepared.refused === 'principal') {
          return sendRpcError(res, 429, inbound.id, TRANSPORT_REFUSED,
            `Too many open sessions: at most ${prepared.cap} per client identity; end unused ones (DELETE /mcp with their Mcp-Session-Id) or retry once idle ones expire`,
            { 'retry-after': '60' });
        }
        return sendRpcError(res, 503, inbound.id, TRANSPORT_REFUSED, 'Too many open sessions with work in flight; retry later', { 'retry-after': '30' });
      }
      try {
        await inSession(req, res, caller, prepared.session, inbound, true);
      } finally {
        if (!prepared.adopted()) await sessions.discard(prepared.session);
      }
      return;
    }
    // A session-less `notifications/initialized` is a harmless no-op (contract §8).
    if (inbound.kind === 'notification' && inbound.method === 'notifications/initialized') return void res.writeHead(202).end();
    return sendRpcError(res, 400, inbound.id, TRANSPORT_REFUSED, 'Bad Request: Mcp-Session-Id header is required (send initialize first)');
  }

  async function getOrDelete(req: IncomingMessage, res: ServerResponse, caller: Caller) {
    const sessionId = headerValue(req, 'mcp-session-id');
    if (sessionId === undefined) {
      if (isModernHeader(req)) return sendRpcError(res, 405, null, TRANSPORT_REFUSED, 'Method not allowed: the 2026-07-28 era has no sessions', { allow: 'POST' });
      return sendRpcError(res, 400, null, TRANSPORT_REFUSED, 'Bad Request: Mcp-Session-Id header is required');
    }
    const session = sessions.lookup(sessionId, caller.principal);
    if (!session) return sendRpcError(res, 404, null, -32001, 'Session not found: initialize a new session');
    if (req.method === 'DELETE') {
      const read = await readBody(req, 64 * 1024, options.requestTimeoutMs); // a DELETE body means nothing; drain it, bounded
      if (!read.ok) return void res.destroy();
    }
    return inSession(req, res, caller, session, null);
  }

  return {
    /** Requests received and not yet answered (the pending gauge). */
    inFlight: () => statelessInFlight + sessions.inFlight,
    async handle(req: IncomingMessage, res: ServerResponse, caller: Caller): Promise<void> {
      if (req.method === 'POST') return post(req, res, caller);
      if (req.method === 'GET' || req.method === 'DELETE') return getOrDelete(req, res, caller);
      return sendRpcError(res, 405, null, TRANSPORT_REFUSED, 'Method not allowed', { allow: 'GET, POST, DELETE' });
    },
  };
}
