// One JSON-RPC request to the gateway as raw bytes, for the few checks the SDK client hides: it decodes
// every resource-not-found error to -32602 whatever code came over the wire. Same lanes as the client:
// a 2025-11-25 handshake or a 2026-07-28 stateless request, over stdio (a fresh `serve` process on the
// lane's workspace) or HTTP (the lane's own listener).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { CLI_ENTRY } from '../../../helpers/workspace';
import { gatewayEnv, type Gateway } from './gateway';

export interface RawResponse {
  id: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
};
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } },
};

function request(gw: Gateway, method: string, params: Record<string, unknown>) {
  const modern = gw.lane.era === '2026-07-28';
  return { jsonrpc: '2.0', id: 2, method, params: modern ? { ...params, _meta: MODERN_META } : params };
}

async function overStdio(gw: Gateway, method: string, params: Record<string, unknown>): Promise<RawResponse> {
  const child = spawn(process.execPath, [CLI_ENTRY, 'serve', '--transport', 'stdio', '--project', gw.workspace.project], {
    env: gatewayEnv(gw.workspace.home),
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const lines = createInterface({ input: child.stdout });
  const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
  const answer = (id: number) =>
    new Promise<RawResponse>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to request ${id}`)), 20_000);
      lines.on('line', (line) => {
        const message = JSON.parse(line) as RawResponse;
        if (message.id === id) {
          clearTimeout(timer);
          resolve(message);
        }
      });
    });
  try {
    if (gw.lane.era === '2025-11-25') {
      const initialized = answer(1);
      send(INITIALIZE);
      await initialized;
      send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    }
    const reply = answer(2);
    send(request(gw, method, params));
    return await reply;
  } finally {
    child.stdin.end();
    child.kill('SIGTERM');
  }
}

/** The JSON-RPC message in a JSON or SSE reply. */
async function decode(response: Response): Promise<RawResponse> {
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) return JSON.parse(text) as RawResponse;
  const data = text.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).filter(Boolean);
  return JSON.parse(data[data.length - 1]!) as RawResponse;
}

async function overHttp(gw: Gateway, method: string, params: Record<string, unknown>): Promise<RawResponse> {
  const url = gw.url!;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const signal = AbortSignal.timeout(20_000);
  if (gw.lane.era === '2025-11-25') {
    const init = await fetch(url, { method: 'POST', headers, body: JSON.stringify(INITIALIZE), signal });
    await init.text();
    const session = init.headers.get('mcp-session-id');
    if (!session) throw new Error(`initialize gave no session id (status ${init.status})`);
    Object.assign(headers, { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' });
    await (await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), signal })).text();
    try {
      return await decode(await fetch(url, { method: 'POST', headers, body: JSON.stringify(request(gw, method, params)), signal }));
    } finally {
      await fetch(url, { method: 'DELETE', headers, signal }).then((r) => r.text()).catch(() => undefined);
    }
  }
  const name = typeof params.uri === 'string' ? params.uri : typeof params.name === 'string' ? params.name : null;
  Object.assign(headers, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}) });
  return decode(await fetch(url, { method: 'POST', headers, body: JSON.stringify(request(gw, method, params)), signal }));
}

export function rawRequest(gw: Gateway, method: string, params: Record<string, unknown>): Promise<RawResponse> {
  return gw.lane.transport === 'stdio' ? overStdio(gw, method, params) : overHttp(gw, method, params);
}
