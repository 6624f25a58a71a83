// The HTTP face of the gateway: streamable HTTP at /mcp (both protocol eras through the SDK's handler),
// an unauthenticated /health, and nothing else. Loopback only until the auth modes land.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { GatewayError, safeMessage } from '../core/errors';
import type { Gatehouse } from '../core/types';
import { GATEHOUSE_VERSION } from '../core/version';
import { hostAllowed, isLoopbackHost, originAllowed } from './loopback';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 3344;
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface HttpGatewayOptions {
  gatehouse: Gatehouse;
  host?: string;
  port?: number;
  log: (line: string) => void;
}

export interface HttpGateway {
  url: string;
  port: number;
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Without authentication the gateway may only bind loopback; checked before anything starts. */
export function assertBindable(host: string = DEFAULT_HOST): void {
  if (!isLoopbackHost(host)) {
    throw new GatewayError(
      'E204',
      `refusing to listen on ${host}: without authentication the gateway may only bind a loopback address`,
      { host },
      'use --host 127.0.0.1 (the default); remote binding arrives with the HTTP auth modes',
    );
  }
}

export async function startHttpGateway(options: HttpGatewayOptions): Promise<HttpGateway> {
  const host = options.host ?? DEFAULT_HOST;
  assertBindable(host);
  const mcp = toNodeHandler(
    createMcpHandler(() => options.gatehouse.createMcpServer('http'), {
      maxRequestBodySize: MAX_BODY_BYTES,
      onerror: (error) => options.log(`http: ${safeMessage(error)}`),
    }),
    { maxRequestBodySize: MAX_BODY_BYTES, onerror: (error) => options.log(`http: ${safeMessage(error)}`) },
  );
  let boundPort = options.port ?? DEFAULT_PORT;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (!hostAllowed(req.headers.host, boundPort)) return sendJson(res, 403, { error: 'forbidden', message: 'Host header is not this loopback gateway' });
    if (!originAllowed(req.headers.origin)) return sendJson(res, 403, { error: 'forbidden', message: 'Origin is not allowed' });
    if (path === '/health' && req.method === 'GET') {
      return sendJson(res, 200, { ok: true, version: GATEHOUSE_VERSION, transport: 'http' });
    }
    if (path === '/mcp') {
      mcp(req, res).catch((error: unknown) => {
        options.log(`http: ${safeMessage(error)}`);
        if (!res.headersSent) sendJson(res, 500, { error: 'internal', message: 'the request failed; see the gateway log' });
        else res.end();
      });
      return;
    }
    sendJson(res, 404, { error: 'not_found', message: `no endpoint at ${path}; MCP is served at /mcp` });
  });
  // A slow or idle client must not hold a socket forever; tool calls stream, so no total request timeout.
  server.headersTimeout = 30_000;
  server.requestTimeout = 0;

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(new GatewayError('E204', `port ${boundPort} on ${host} is already in use`, { port: boundPort },
          'stop the other process, or pass --port with a free port'));
      } else {
        reject(error);
      }
    });
    server.listen(boundPort, host, () => resolve());
  });
  boundPort = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${boundPort}/mcp`,
    port: boundPort,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
