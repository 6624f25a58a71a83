// The HTTP face of the gateway (contract §8): streamable HTTP at /mcp for both protocol eras, /health,
// /metrics and, in resource-server mode, the RFC 9728 metadata. Every request passes the gate in the
// contract's order before anything else happens; see gate.ts, mcp-endpoint.ts and sessions.ts.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, type AuthInfo, type Server } from '@modelcontextprotocol/server';
import type { HealthSnapshot } from '../../shared/domain';
import { GatewayError, safeMessage } from '../common/errors';
import { GATEHOUSE_VERSION } from '../common/version';
import { IDENTITY_PATH } from '../state/identity-proof';
import { createAuditRing, type AuditEvent, type AuditRing } from '../logs/audit-ring';
import type { JwksCacheOptions } from './auth/jwks-cache';
import { createAuthSetup } from './auth/setup';
import { authenticate, passesDeclaredSize, passesFront, type GateOptions } from './gate';
import { buildOriginPolicy } from './loopback';
import { answerIdentity } from './identity';
import { createMcpEndpoint } from './mcp-endpoint';
import { Metrics } from './metrics';
import { RateLimiter } from './rate-limit';
import { sendJson, sendRpcError, sendText } from './replies';
import { SessionRegistry, type SessionHooks, type SessionIdentity } from './sessions';
import { DEFAULT_HOST, DEFAULT_PORT, type HttpSettings } from './settings';
import { throttled } from './throttled-log';
import { redactRecordText } from '../redaction/record-text';

export { DEFAULT_HOST, DEFAULT_PORT };

/** How long an idle client connection stays open (Node's default is 5 s). */
export const KEEP_ALIVE_MS = 75_000;

/** The response header naming the replica that answered (when GATEHOUSE_REPLICA_ID is set). */
export const REPLICA_HEADER = 'gatehouse-replica';

export interface HttpGatewayOptions {
  settings: HttpSettings;
  /** A fresh MCP server for one session (or one stateless request, sessionId null). */
  createServer(identity: SessionIdentity): Server | Promise<Server>;
  /** Downstream health rows, for the children gauge of /metrics. */
  health?: () => Promise<HealthSnapshot>;
  hooks?: SessionHooks;
  /** The per-run instance token (instance.json): accepted in every auth mode, principal `local`. */
  instanceToken?: string | null;
  audit?: AuditRing;
  /** Told the listener's own credentials (tokens, the instance token), so the core scrubs them too. */
  registerSecrets?(values: readonly string[]): void;
  /** Downstream resource/prompt list changes, passed to 2026-07-28 subscriptions/listen streams; returns the undo. */
  onListChanged?(listener: (kind: 'resources' | 'prompts') => void): () => void;
  /** A tool's input schema as a stateless client sees it listed, for the Mcp-Param-* header check (SEP-2243). */
  listedInputSchema?(project: string | null, clientName: string | null, name: string): Record<string, unknown> | null;
  log(line: string): void;
  /** Knobs for tests and embedders; the CLI uses the defaults. */
  tuning?: { jwks?: Partial<Omit<JwksCacheOptions, 'url'>>; sessionIdleMs?: number; answerHoldMs?: number };
}

export interface HttpGateway {
  url: string;
  port: number;
  /** Who owns a session (for the core's per-session isolation; see README). */
  sessionIdentity(sessionId: string): SessionIdentity | undefined;
  /** Audit ring reader: own session + own principal's stateless + gateway-level events; all without args. */
  getAuditEvents(sessionId?: string, principal?: string): AuditEvent[];
  readonly sessionCount: number;
  /** Ends sessions idle past the limit now (a timer does it every minute); returns how many. */
  expireIdleSessions(): Promise<number>;
  /** Ends one session (operator action); its client must initialize again. */
  closeSession(sessionId: string): Promise<boolean>;
  close(): Promise<void>;
}

function identityFromAuth(authInfo: AuthInfo | undefined): SessionIdentity {
  const extra = authInfo?.extra;
  const kind = extra?.principalKind;
  if (typeof extra?.principal === 'string' && typeof extra.principalKey === 'string' && (kind === 'token' || kind === 'jwt' || kind === 'local' || kind === 'anonymous')) {
    const project = typeof extra.project === 'string' ? extra.project : null;
    return { sessionId: null, principal: extra.principal, principalKind: kind, principalKey: extra.principalKey, operator: false, project };
  }
  // Every /mcp request is authenticated before dispatch (authInfoOf), so this is never reached in practice.
  return { sessionId: null, principal: 'anonymous', principalKind: 'anonymous', principalKey: 'anonymous:anonymous', operator: false };
}

export async function startHttpGateway(options: HttpGatewayOptions): Promise<HttpGateway> {
  const { settings } = options;
  const log = throttled(options.log);
  const auth = createAuthSetup(settings.auth, { instanceToken: options.instanceToken ?? null, log, jwks: options.tuning?.jwks });
  const audit = options.audit ?? createAuditRing(undefined, { redact: (text) => redactRecordText(text, auth.authenticator.secrets()) });
  options.registerSecrets?.(auth.authenticator.secrets());
  const metrics = new Metrics();
  let boundPort = settings.port;
  const sessions = new SessionRegistry({
    createServer: options.createServer,
    hooks: options.hooks,
    idleMs: options.tuning?.sessionIdleMs,
    maxSessions: settings.maxSessions,
    maxSessionsPerPrincipal: settings.maxSessionsPerPrincipal,
    replicaId: settings.replicaId ?? null,
    log,
  });
  const modern = createMcpHandler((ctx) => options.createServer(identityFromAuth(ctx.authInfo)), {
    legacy: 'reject',
    maxRequestBodySize: settings.maxBodyBytes,
    onerror: (error) => log(`http: ${safeMessage(error)}`),
  });
  // A stateless client hears of list changes only on its listen streams (the SDK's router serves them).
  const stopListChanges = options.onListChanged?.((kind) => (kind === 'prompts' ? modern.notify.promptsChanged() : modern.notify.resourcesChanged()));
  const endpoint = createMcpEndpoint({ sessions, modern, listedInputSchema: options.listedInputSchema, maxBodyBytes: settings.maxBodyBytes, requestTimeoutMs: settings.requestTimeoutMs, metrics, audit, answerHoldMs: options.tuning?.answerHoldMs });
  const gate: GateOptions = {
    originPolicy: buildOriginPolicy(boundPort, { publicUrls: [...auth.publicUrls, ...(settings.publicUrl ? [settings.publicUrl] : [])], allowedOrigins: settings.allowedOrigins }),
    rateLimiter: new RateLimiter(settings.rateLimitPerMinute),
    trustProxy: settings.trustProxy,
    maxBodyBytes: settings.maxBodyBytes,
    authenticator: auth.authenticator,
    audit,
  };
  const startedAt = Date.now();

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestStart = Date.now();
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (!passesFront(req, res, gate)) return;
    if (path === '/mcp') {
      if (!passesDeclaredSize(req, res, settings.maxBodyBytes)) return;
      const caller = await authenticate(req, res, gate, requestStart);
      if (caller) await endpoint.handle(req, res, caller);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendRpcError(res, 405, null, -32000, 'Method not allowed', { allow: 'GET' });
    if (path === IDENTITY_PATH) return answerIdentity(req, res, options.instanceToken ?? null, boundPort);
    if (path === '/health') {
      // Liveness for anyone; diagnostics only for a caller who presents a valid credential.
      const presented = req.headers.authorization !== undefined;
      const result = presented ? await gate.authenticator.authenticate(req.headers.authorization) : null;
      const diagnostics = result?.ok
        ? { pid: process.pid, auth_mode: gate.authenticator.mode, sessions: sessions.size, pending: endpoint.inFlight(), uptime_s: Math.round((Date.now() - startedAt) / 1000) }
        : undefined;
      const replica = settings.replicaId ? { replica: settings.replicaId } : {};
      return sendJson(res, 200, { ok: true, version: GATEHOUSE_VERSION, transport: 'http', ...replica, ...(diagnostics && { gateway_diagnostics: diagnostics }) });
    }
    if (path === '/metrics') {
      if (!settings.metricsPublic && !(await authenticate(req, res, gate, requestStart))) return;
      const text = await metrics.render({ pending: endpoint.inFlight, sessions: () => sessions.size, health: options.health, replica: settings.replicaId ?? null });
      return sendText(res, 200, text, 'text/plain; version=0.0.4; charset=utf-8');
    }
    if (auth.protectedResource?.paths.includes(path)) return sendJson(res, 200, auth.protectedResource.metadata, { 'cache-control': 'max-age=300' });
    sendJson(res, 404, { error: 'not_found', message: `no endpoint at ${path.slice(0, 100)}; MCP is served at /mcp` });
  }

  const server = createServer((req, res) => {
    // Every answer names the replica that gave it, so a balancer's access log (and a curious client)
    // can tell where a request landed; routing itself reads the ids (common/replica.ts).
    if (settings.replicaId) res.setHeader(REPLICA_HEADER, settings.replicaId);
    let counted = false;
    const count = () => {
      if (counted) return;
      counted = true;
      metrics.countHttp(res.statusCode);
    };
    res.once('finish', count);
    res.once('close', count);
    route(req, res).catch((error: unknown) => {
      log(`http: ${safeMessage(error)}`);
      if (!res.headersSent) sendRpcError(res, 500, null, -32603, 'Internal error: the request failed; see the gateway log');
      else res.end();
    });
  });
  // Slow headers are cut by node; bodies by --request-timeout (body.ts); answers are never cut here,
  // because tool calls stream for as long as the core's own timers allow.
  server.headersTimeout = Math.min(30_000, settings.requestTimeoutMs);
  server.requestTimeout = 0;
  // A balancer that pools connections must be the side that closes an idle one: if the gateway closes it
  // as the balancer sends a request on it, that request fails (nginx: 502, and the replica marked down).
  // Longer than nginx's upstream keepalive_timeout (60 s by default, 30 s in deploy/nginx/gatehouse.conf).
  server.keepAliveTimeout = KEEP_ALIVE_MS;

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(new GatewayError('E204', `port ${boundPort} on ${settings.host} is already in use`, { port: boundPort }, 'stop the other process, or pass --port with a free port'));
      } else {
        reject(new GatewayError('E204', `cannot listen on ${settings.host}:${boundPort}: ${safeMessage(error)}`, { host: settings.host }, 'check --host and --port'));
      }
    });
    server.listen(boundPort, settings.host, () => resolve());
  });
  boundPort = (server.address() as AddressInfo).port;
  gate.originPolicy = { ...gate.originPolicy, port: boundPort };
  const shownHost = settings.host.includes(':') && !settings.host.startsWith('[') ? `[${settings.host}]` : settings.host;
  return {
    url: `http://${shownHost}:${boundPort}/mcp`,
    port: boundPort,
    sessionIdentity: (id) => sessions.identity(id),
    getAuditEvents: (sessionId, principal) => audit.getAuditEvents(sessionId, principal),
    get sessionCount() {
      return sessions.size;
    },
    expireIdleSessions: () => sessions.sweep(),
    async closeSession(sessionId) {
      if (!sessions.identity(sessionId)) return false;
      await sessions.close(sessionId, 'closed');
      return true;
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      stopListChanges?.();
      await sessions.closeAll();
      await modern.close().catch(() => undefined);
      server.closeAllConnections();
      await closed;
    },
  };
}
