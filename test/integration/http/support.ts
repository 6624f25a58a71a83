// Shared parts of the HTTP tests: a real core behind a real listener on a loopback port, raw requests
// through node:http (fetch cannot set Host), and real SDK clients in either protocol era.
import { request as httpRequest } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Server } from '@modelcontextprotocol/server';
import { createGatehouse } from '../../../src/main/core/gatehouse';
import type { Gatehouse } from '../../../src/main/core/types';
import { coreServerFactory } from '../../../src/main/core/shared-gateway';
import { startHttpGateway, type HttpGateway, type HttpGatewayOptions } from '../../../src/main/http/listener';
import { MAX_SESSIONS, MAX_SESSIONS_PER_PRINCIPAL, type SessionIdentity } from '../../../src/main/http/sessions';
import { DEFAULT_REQUEST_TIMEOUT_MS, type HttpSettings } from '../../../src/main/http/settings';
import { createWorkspace, everythingServer, type Workspace } from '../../helpers/workspace';

export function settings(overrides: Partial<HttpSettings> = {}): HttpSettings {
  return {
    host: '127.0.0.1',
    port: 0,
    auth: { mode: 'none' },
    allowedOrigins: [],
    publicUrl: null,
    rateLimitPerMinute: 0,
    trustProxy: false,
    requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
    metricsPublic: false,
    maxBodyBytes: 10 * 1024 * 1024,
    maxSessions: MAX_SESSIONS,
    maxSessionsPerPrincipal: MAX_SESSIONS_PER_PRINCIPAL,
    ...overrides,
  };
}

export interface Running {
  gatehouse: Gatehouse;
  http: HttpGateway;
  url: URL;
  workspace: Workspace;
  logs: string[];
  identities: SessionIdentity[];
  stop(): Promise<void>;
}

export async function startGateway(
  overrides: Partial<HttpSettings> = {},
  extra: Partial<Omit<HttpGatewayOptions, 'settings' | 'log'>> & {
    createServerOverride?: (gatehouse: Gatehouse) => Server;
    /** The servers of the workspace config (default: server-everything as `everything`). */
    servers?: Record<string, unknown>;
    /** Wire sessions to the core as `gatehouse serve` does (per-session and per-principal owners). */
    coreWiring?: boolean;
  } = {},
): Promise<Running> {
  const workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: extra.servers ?? { everything: everythingServer() } });
  const logs: string[] = [];
  const identities: SessionIdentity[] = [];
  const gatehouse = createGatehouse({ projectDir: workspace.project, homeDir: workspace.home, stateDir: workspace.stateDir, cacheDir: workspace.cacheDir, log: (l) => logs.push(l) });
  await gatehouse.start();
  const { createServerOverride, servers: _servers, coreWiring, ...rest } = extra;
  const core = coreWiring ? coreServerFactory(gatehouse) : null;
  const http = await startHttpGateway({
    settings: settings(overrides),
    createServer: (identity) => {
      identities.push(identity);
      if (core) return core.createServer(identity);
      return createServerOverride ? createServerOverride(gatehouse) : gatehouse.createMcpServer('http');
    },
    health: () => gatehouse.api.listHealth({}),
    ...(core && { hooks: core.hooks, registerSecrets: core.registerSecrets }),
    log: (l) => logs.push(l),
    ...rest,
  });
  return {
    gatehouse,
    http,
    url: new URL(http.url),
    workspace,
    logs,
    identities,
    async stop() {
      await http.close();
      await gatehouse.stop();
      workspace.cleanup();
    },
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json(): unknown;
}

export interface RawRequest {
  port: number;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send the body in chunks without Content-Length (Transfer-Encoding: chunked). */
  chunked?: boolean;
}

/** One request with node:http, Host included as given. */
export function raw(options: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `127.0.0.1:${options.port}`, ...options.headers };
    if (options.body !== undefined && !options.chunked && headers['content-length'] === undefined) {
      headers['content-length'] = String(Buffer.byteLength(options.body));
    }
    const req = httpRequest({ host: '127.0.0.1', port: options.port, method: options.method ?? 'GET', path: options.path ?? '/mcp', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) as unknown });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (options.body !== undefined && options.chunked) {
      const body = Buffer.from(options.body);
      const size = 256 * 1024;
      for (let i = 0; i < body.length; i += size) req.write(body.subarray(i, i + size));
    } else if (options.body !== undefined) {
      req.write(options.body);
    }
    req.end();
  });
}

export const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/** Opens a handshake-era session with raw requests; returns its id. */
export async function openSession(port: number, headers: Record<string, string> = {}): Promise<string> {
  const res = await raw({ port, method: 'POST', headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(INITIALIZE) });
  const id = res.headers['mcp-session-id'];
  if (res.status !== 200 || typeof id !== 'string') throw new Error(`initialize failed: ${res.status} ${res.text.slice(0, 200)}`);
  await raw({ port, method: 'POST', headers: { ...JSON_HEADERS, ...headers, 'mcp-session-id': id }, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
  return id;
}

/** The per-request envelope every 2026-07-28 request carries in `params._meta`. */
export const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** One stateless-era request (2026-07-28 header, Mcp-Method, the envelope), posted raw. */
export function postModern(port: number, method: string, id: string | number, params: Record<string, unknown> = {}): Promise<RawResponse> {
  return raw({
    port,
    method: 'POST',
    headers: { ...JSON_HEADERS, 'mcp-protocol-version': '2026-07-28', 'mcp-method': method },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: MODERN_META } }),
  });
}

/** The first JSON-RPC message of a JSON or SSE body. */
export function firstMessage(res: RawResponse): Record<string, unknown> {
  const text = res.text.trim();
  if (text.startsWith('{')) return JSON.parse(text) as Record<string, unknown>;
  const data = text.split('\n').find((line) => line.startsWith('data: {'));
  if (!data) throw new Error(`no JSON-RPC message in: ${text.slice(0, 200)}`);
  return JSON.parse(data.slice(6)) as Record<string, unknown>;
}

export type Era = 'handshake' | 'stateless';

export async function connectClient(url: URL, era: Era, token?: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(url, token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : undefined);
  const client = new Client(
    { name: 'http-test', version: '1.0.0' },
    era === 'stateless' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : undefined,
  );
  await client.connect(transport);
  return { client, transport };
}
