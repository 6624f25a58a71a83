// How the bench starts what it measures — server-everything directly, `gatehouse serve` and PMCP, over
// stdio or HTTP — each with its own HOME so no two share state, and the one SDK client for all of them.
// Every downstream command line carries a unique argument: PMCP's start-up reaper SIGKILLs any process
// whose command line equals one of its configured servers, so look-alikes of other targets would die.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { sleep } from './measure.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
export const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
export const launcher = join(root, 'bin', 'gatehouse.mjs');

/** server-everything over stdio, marked with `tag` so its command line is its own. */
export function everythingServer(tag) {
  return { command: process.execPath, args: [everything, 'stdio', `--bench-${tag}`] };
}

/** A fresh HOME (and project folder) for one target under the bench's temp folder. */
export function workspace(base, name) {
  const home = join(base, name, 'home');
  const project = join(base, name, 'project');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  return { home, project };
}

/** The environment a gateway gets: PATH and its own HOME, plus `extra`. */
export function gatewayEnv(home, extra = {}) {
  return { PATH: process.env.PATH ?? '', HOME: home, ...extra };
}

/** Writes the project's .mcp.json and approves it, as the operator of a checkout does once. */
export function gatehouseProject(ws, mcpServers, extraEnv = {}) {
  writeFileSync(join(ws.project, '.mcp.json'), JSON.stringify({ mcpServers }));
  execFileSync(process.execPath, [launcher, 'trust', 'approve', '--yes', '--project', ws.project], { env: gatewayEnv(ws.home, extraEnv), stdio: 'ignore' });
}

export function gatehouseStdio(ws, extraEnv = {}) {
  return { command: process.execPath, args: [launcher, 'serve', '--transport', 'stdio', '--standalone', '--project', ws.project], env: gatewayEnv(ws.home, extraEnv) };
}

/** PMCP over stdio with its config given by -c (an explicit config needs no project consent). */
export function pmcpStdio(pmcp, ws, configPath, extraEnv = {}) {
  return {
    command: pmcp.bin,
    args: ['-c', configPath, '-p', ws.project, '--lock-dir', join(ws.home, 'lock'), '-q'],
    env: gatewayEnv(ws.home, { ...pmcp.env, ...extraEnv }),
    cwd: ws.project,
  };
}

/** Connects the SDK client over stdio; the pid is the gateway (or server) process itself. */
export async function connectStdio(spec, name = 'bench') {
  const client = new Client({ name, version: '1' });
  const transport = new StdioClientTransport({ ...spec, stderr: 'ignore' });
  await client.connect(transport);
  const pid = transport.pid;
  return { client, pid, close: () => closeClient(client, pid) };
}

async function closeClient(client, pid) {
  await client.close().catch(() => undefined);
  await gone(pid);
}

/**
 * Waits until a process a client closed has really exited (the SDK's close() stops waiting after a grace
 * period, and a gateway still stopping writes its state into the bench's temp folder), killing it late.
 */
export async function gone(pid, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (pid && Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(50);
  }
  try {
    if (pid) process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** A free loopback port (PMCP's HTTP mode takes a port number, not 0). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts an HTTP gateway process; `ready(stderrText)` returns its /mcp URL once it serves, else null. */
export async function startHttp(spec, ready, timeoutMs = 60_000) {
  const child = spawn(spec.command, spec.args, { env: spec.env, cwd: spec.cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  let text = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    if (text.length < 200_000) text += chunk;
  });
  const deadline = Date.now() + timeoutMs;
  let url = null;
  while (!url) {
    if (child.exitCode !== null) throw new Error(`exited (${child.exitCode}): ${text.slice(-2000)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`not serving after ${timeoutMs} ms: ${text.slice(-2000)}`);
    }
    url = await ready(text);
    if (!url) await sleep(50);
  }
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return {
    client,
    pid: child.pid,
    close: async () => {
      await client.close().catch(() => undefined);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(10_000)]);
      }
      await gone(child.pid, 1000);
    },
  };
}

export async function gatehouseHttp(ws, extraEnv = {}) {
  const spec = { command: process.execPath, args: [launcher, 'serve', '--transport', 'http', '--port', '0', '--project', ws.project], env: gatewayEnv(ws.home, extraEnv) };
  return startHttp(spec, async (text) => /serving MCP at (\S+)/.exec(text)?.[1] ?? null);
}

/**
 * server-everything in its own streamable HTTP mode on a free port, for the same SDK client to call
 * directly: the floor of any HTTP hop (the SDK's HTTP client and server, no gateway). The reference
 * server listens on every interface (it takes no host option); it lives only as long as the bench case.
 */
export async function everythingHttp(tag) {
  const port = await freePort();
  const spec = { command: process.execPath, args: [everything, 'streamableHttp', `--bench-${tag}`], env: { PATH: process.env.PATH ?? '', PORT: String(port) } };
  const url = `http://127.0.0.1:${port}/mcp`;
  return startHttp(spec, async (text) => (text.includes(`listening on port ${port}`) ? url : null));
}

export async function pmcpHttp(pmcp, ws, configPath, extraEnv = {}) {
  const port = await freePort();
  const spec = {
    command: pmcp.bin,
    args: ['-c', configPath, '-p', ws.project, '--lock-dir', join(ws.home, 'lock'), '-q', '--transport', 'http', '--host', '127.0.0.1', '--port', String(port), '--auth-mode', 'none'],
    env: gatewayEnv(ws.home, { ...pmcp.env, ...extraEnv }),
    cwd: ws.project,
  };
  const url = `http://127.0.0.1:${port}/mcp`;
  return startHttp(spec, async () => ((await listening(port)) ? url : null));
}

async function listening(port) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/mcp`, { method: 'GET', signal: AbortSignal.timeout(1000) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}
