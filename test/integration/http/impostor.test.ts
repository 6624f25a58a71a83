// A credential goes only to the announced gateway (issue 11, item 15). Something else holding the port
// — a real HTTP server on loopback that records every request and answers like a Gatehouse would
// (/health with the announced pid, a made-up identity proof, a Bearer challenge on /mcp) — must receive
// neither the per-run instance token nor the operator's GATEHOUSE_AUTH_TOKEN from `gatehouse status`,
// `refresh`, `proxy` or a `serve --transport stdio` that would attach; the commands say why.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refresh } from '../../../src/main/cli/refresh';
import { IDENTITY_PATH, identityProof } from '../../../src/main/state/identity-proof';
import { instanceRecord, newInstanceToken, writeInstanceFile } from '../../../src/main/state/instance-file';
import { instanceFilePath } from '../../../src/main/state/paths';
import { verifyListener } from '../../../src/main/state/verify-listener';
import { requireBuild } from '../../helpers/cli-process';
import { callMeta } from '../../helpers/meta';
import { waitFor } from '../../helpers/wait';
import { CLI_ENTRY, createWorkspace, faultServer, type Workspace } from '../../helpers/workspace';
import { raw, startGateway } from './support';

const OPERATOR_TOKEN = 'operator-secret-0123456789abcdef';

interface Recorded {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

interface Impostor {
  port: number;
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

/** Pretends to be the gateway announced with `pid`, and writes down everything it is sent. */
async function startImpostor(pid: number): Promise<Impostor> {
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const path = (req.url ?? '').split('?')[0];
      if (path === '/health') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: true, version: '0.1.0', transport: 'http', gateway_diagnostics: { pid } }));
      } else if (path?.startsWith('/.well-known/')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ gatehouse_identity: 1, proof: Buffer.alloc(32, 7).toString('base64url') }));
      } else {
        res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
        res.end(JSON.stringify({ error: 'invalid_token', error_description: 'a Bearer token is required' }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/mcp`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Requests that carried a credential: any Authorization header, or either token anywhere in them. */
function leaks(impostor: Impostor, secrets: string[]): Recorded[] {
  return impostor.requests.filter((r) => r.headers.authorization !== undefined || secrets.some((s) => JSON.stringify(r).includes(s)));
}

const mcpRequests = (impostor: Impostor) => impostor.requests.filter((r) => r.url.startsWith('/mcp'));

let workspace: Workspace;
let impostor: Impostor;
let announcedPid: number;
let instanceToken: string;
const children: ChildProcess[] = [];

function env(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', GATEHOUSE_CATALOG_INDEX: process.env.GATEHOUSE_CATALOG_INDEX ?? '', HOME: workspace.home, XDG_STATE_HOME: join(workspace.home, '.local', 'state'), GATEHOUSE_AUTH_TOKEN: OPERATOR_TOKEN };
}

const instancePath = () => instanceFilePath({ env: env(), home: workspace.home });

/** instance.json naming a live process and the impostor's port, as a crashed gateway would leave it. */
function announceImpostor(): void {
  writeInstanceFile(instancePath(), instanceRecord(announcedPid, impostor.url, impostor.port, instanceToken));
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The built CLI as a real process; `stdin` lines are written once it started. Killed after `ms` if still running. */
function runCli(argv: string[], stdin: string[] = [], ms = 8_000): Promise<Run> {
  const child = spawn(process.execPath, [CLI_ENTRY, ...argv], { cwd: workspace.project, env: env(), stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  for (const line of stdin) child.stdin.write(`${line}\n`);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGTERM'), ms);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

async function refreshInProcess(argv: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await refresh(argv, {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env: env(),
    cwd: workspace.project,
  });
  return { code, stdout, stderr };
}

beforeAll(requireBuild);

beforeEach(async () => {
  workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: { fault: faultServer() } });
  const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
  children.push(sleeper);
  announcedPid = sleeper.pid!;
  instanceToken = newInstanceToken();
  impostor = await startImpostor(announcedPid);
});

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await impostor.close();
  workspace.cleanup();
});

describe('a port held by something that is not the announced Gatehouse', () => {
  it('gatehouse refresh sends it nothing and says so, found through instance.json or by --port', async () => {
    announceImpostor();
    for (const argv of [[], ['--port', String(impostor.port)]]) {
      const run = await refreshInProcess(argv);
      expect(leaks(impostor, [instanceToken, OPERATOR_TOKEN])).toEqual([]);
      expect(mcpRequests(impostor)).toEqual([]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`port ${impostor.port} is held by something that is not the announced Gatehouse`);
      expect(run.stderr).toContain(instancePath());
    }
  });

  it('gatehouse status (a real process) sends it nothing, says so and exits 1', async () => {
    announceImpostor();
    const run = await runCli(['status']);
    expect(leaks(impostor, [instanceToken, OPERATOR_TOKEN])).toEqual([]);
    expect(mcpRequests(impostor)).toEqual([]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`port ${impostor.port} is held by something that is not the announced Gatehouse`);
    expect(run.stderr).toContain(instancePath());
    expect(run.stdout).toContain('fault'); // the configured servers are still shown
  });

  it('gatehouse proxy refuses to start and sends it nothing', async () => {
    announceImpostor();
    const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
    const run = await runCli(['proxy', '--url', impostor.url], [initialize]);
    expect(leaks(impostor, [instanceToken, OPERATOR_TOKEN])).toEqual([]);
    expect(mcpRequests(impostor)).toEqual([]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`port ${impostor.port} is held by something that is not the announced Gatehouse`);
  });

  it('a stdio client does not attach to it: it runs its own core and sends it nothing', async () => {
    announceImpostor();
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI_ENTRY, 'serve', '--transport', 'stdio'], cwd: workspace.project, env: env() as Record<string, string>, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const client = new Client({ name: 'impostor-test', version: '1.0.0' });
    const connected = await client.connect(transport).then(() => true, (error: unknown) => error);
    try {
      expect(leaks(impostor, [instanceToken, OPERATOR_TOKEN])).toEqual([]);
      expect(mcpRequests(impostor)).toEqual([]);
      expect(connected).toBe(true);
      const { body, isError } = await callMeta<{ servers: { name: string; status: string }[] }>(client, 'gateway.health');
      expect(isError).toBe(false);
      expect(body.servers.map((s) => s.name)).toEqual(['fault']);
      await waitFor(() => stderr.includes('not the announced Gatehouse'), 'the warning on stderr');
      expect(stderr).not.toContain('attached');
    } finally {
      await client.close();
    }
  });
});

describe('a port nobody announced', () => {
  it('gatehouse refresh --port never sends GATEHOUSE_AUTH_TOKEN there, and says why', async () => {
    const run = await refreshInProcess(['--port', String(impostor.port)]);
    expect(leaks(impostor, [OPERATOR_TOKEN])).toEqual([]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('GATEHOUSE_AUTH_TOKEN was not sent');
  });

  it('gatehouse proxy relays without the token and warns', async () => {
    const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
    const run = await runCli(['proxy', '--url', impostor.url], [initialize], 4_000);
    expect(leaks(impostor, [OPERATOR_TOKEN])).toEqual([]);
    expect(run.stderr).toContain('GATEHOUSE_AUTH_TOKEN was not sent');
    expect(run.stdout).toContain('"id":1'); // the refusal came back as an answer to the client's request
  });
});

describe('the identity endpoint of a real gateway', () => {
  it('proves the per-run token for a fresh nonce and port, to anyone, and nothing more', async () => {
    const token = newInstanceToken();
    const gw = await startGateway({}, { instanceToken: token });
    const bare = await startGateway({});
    try {
      expect(await verifyListener(gw.url, token)).toEqual({ ok: true });
      expect(await verifyListener(gw.url, newInstanceToken())).toMatchObject({ ok: false, kind: 'impostor' });
      const nonce = 'n'.repeat(43);
      const answer = await raw({ port: gw.http.port, path: `${IDENTITY_PATH}?nonce=${nonce}` });
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.json()).toEqual({ gatehouse_identity: 1, proof: identityProof(token, nonce, gw.http.port) });
      expect(answer.text).not.toContain(token);
      expect((await raw({ port: gw.http.port, path: `${IDENTITY_PATH}?nonce=short` })).status).toBe(400);
      expect((await raw({ port: gw.http.port, path: IDENTITY_PATH, headers: { host: 'evil.example:80' } })).status).toBe(403);
      // A gateway that was never announced has nothing to prove.
      expect((await raw({ port: bare.http.port, path: `${IDENTITY_PATH}?nonce=${nonce}` })).status).toBe(404);
    } finally {
      await gw.stop();
      await bare.stop();
    }
  });
});
