// A url entry without a type is Streamable HTTP, falling back to legacy SSE only through the MCP spec's
// compatibility probe (contract §4.2): a 4xx to the first POST, then one SSE attempt on the same URL,
// remembered for later reconnects. A stated "http" never falls back; a 401 stays an auth refusal (E201).
// Real servers: server-everything in its sse and streamableHttp modes and the protected-server fixture,
// each behind a recording proxy that shows which requests the gateway actually made.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCore, waitFor, type CoreUnderTest } from '../helpers/core';
import { invoke } from '../helpers/invoke';
import { startLoopbackEverything, type LoopbackServer } from '../helpers/loopback-everything';
import { callMeta } from '../helpers/meta';
import { startRecordingProxy, type RecordingProxy, type SeenRequest } from '../helpers/recording-proxy';
import { createWorkspace, EVERYTHING_ENTRY, REPO_ROOT, type Workspace } from '../helpers/workspace';
import type { ErrorEntry } from '../../src/main/gateway/envelope';

let workspace: Workspace;
let core: CoreUnderTest;
const children: ChildProcess[] = [];
let modern: LoopbackServer;
let sseProxy: RecordingProxy;
let modernProxy: RecordingProxy;
let protectedProxy: RecordingProxy;

/** server-everything's legacy SSE mode (GET /sse, POST /message) on a free loopback port. */
async function startSseEverything(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  children.push(spawn(process.execPath, [EVERYTHING_ENTRY, 'sse'], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' }));
  const origin = `http://127.0.0.1:${port}`;
  // Any path answers once it listens (GET /sse itself would open a stream).
  await waitFor(async () => fetch(origin).then(() => true, () => false), 'the SSE server to listen', 20_000);
  return origin;
}

async function startProtected(): Promise<string> {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'out/fixtures/protected-server.mjs')], { env: { PATH: process.env.PATH, PROTECTED_TOKEN: 'unused-token-4e1f' }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const port = await waitFor(() => /listening (\d+)/.exec(printed)?.[1], 'the protected server to listen');
  return `http://127.0.0.1:${port}`;
}

/** What `proxy` sees while `action` runs. */
async function watch<T>(proxy: RecordingProxy, action: () => Promise<T>): Promise<{ result: T; seen: SeenRequest[] }> {
  const from = proxy.seen.length;
  const result = await action();
  return { result, seen: proxy.seen.slice(from) };
}

const row = async (name: string) => (await core.gatehouse.api.listHealth({})).rows.find((r) => r.name === name);
const hints = (name: string) => core.logs.filter((line) => line.startsWith(`[${name}] reached over legacy HTTP+SSE`));
// A legacy SSE client opens with a GET that has no session; Streamable HTTP GETs only inside a session.
const sseOpenings = (seen: SeenRequest[]) => seen.filter((r) => r.method === 'GET' && r.sessionId === null);

beforeAll(async () => {
  sseProxy = await startRecordingProxy(await startSseEverything());
  modern = await startLoopbackEverything();
  modernProxy = await startRecordingProxy(new URL(modern.url).origin);
  protectedProxy = await startRecordingProxy(await startProtected());
  workspace = createWorkspace();
  workspace.writeConfig({
    mcpServers: {
      legacy: { url: `${sseProxy.origin}/sse` },
      stated: { type: 'http', url: `${sseProxy.origin}/sse` },
      modern: { url: `${modernProxy.origin}/mcp` },
      guarded: { url: `${protectedProxy.origin}/mcp` },
    },
  });
  core = await startCore(workspace, { PATH: process.env.PATH, HOME: workspace.home });
});
afterAll(async () => {
  await core?.close();
  for (const proxy of [sseProxy, modernProxy, protectedProxy]) await proxy?.close();
  modern?.close();
  for (const child of children) child.kill('SIGTERM');
  workspace?.cleanup();
});

it('reaches a url-only entry over legacy SSE after the POST is answered 404, and says so once', async () => {
  const { result, seen } = await watch(sseProxy, () => invoke(core.client, 'legacy::echo', { message: 'over sse' }));
  expect(result).toMatchObject({ ok: true, text: 'Echo: over sse' });
  // Streamable HTTP first (refused), then the SSE stream and its message endpoint.
  expect(seen[0]).toMatchObject({ method: 'POST', path: '/sse', status: 404 });
  expect(sseOpenings(seen)).toEqual([expect.objectContaining({ path: '/sse', status: 200 })]);
  expect(seen.some((r) => r.method === 'POST' && r.path.startsWith('/message?sessionId='))).toBe(true);
  expect(await row('legacy')).toMatchObject({ status: 'online', transport: 'sse', protocol_version: expect.any(String) });
  expect(hints('legacy')).toHaveLength(1);
  expect(hints('legacy')[0]).toContain('add "type": "sse" to "legacy" in the project config');
});

it('goes straight to SSE when the same server starts again', async () => {
  await core.gatehouse.api.stopServer({ name: 'legacy' });
  const { result, seen } = await watch(sseProxy, async () => {
    await core.gatehouse.api.startServer({ name: 'legacy' });
    return invoke(core.client, 'legacy::echo', { message: 'again' });
  });
  expect(result).toMatchObject({ ok: true, text: 'Echo: again' });
  expect(seen.filter((r) => r.path === '/sse' && r.method === 'POST')).toEqual([]);
  expect(sseOpenings(seen)).toHaveLength(1);
  expect(await row('legacy')).toMatchObject({ status: 'online', transport: 'sse' });
  expect(hints('legacy')).toHaveLength(1);
});

it('does not fall back when the entry says "type": "http", and says what to change', async () => {
  const { result, seen } = await watch(sseProxy, () => callMeta<{ ok: boolean; errors: ErrorEntry[] }>(core.client, 'gateway.invoke', { tool_id: 'stated::echo', arguments: { message: 'x' } }));
  expect(result.body.ok).toBe(false);
  const error = result.body.errors[0] as ErrorEntry;
  expect(error.code).toBe('E204');
  expect(error.message).toContain('answered the handshake with HTTP 404');
  expect(error.message).not.toContain('<html');
  expect(error.suggestion).toContain('set "type": "sse" for "stated"');
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.every((r) => r.method === 'POST' && r.status === 404)).toBe(true);
  expect((await row('stated'))?.transport).toBe('http');
  expect(hints('stated')).toEqual([]);
});

it('keeps a url-only entry on Streamable HTTP when the server speaks it', async () => {
  const { result, seen } = await watch(modernProxy, () => invoke(core.client, 'modern::echo', { message: 'over http' }));
  expect(result).toMatchObject({ ok: true, text: 'Echo: over http' });
  expect(seen[0]?.method).toBe('POST');
  expect(sseOpenings(seen)).toEqual([]);
  expect(await row('modern')).toMatchObject({ status: 'online', transport: 'http' });
  expect(hints('modern')).toEqual([]);
});

it('keeps a 401 to a url-only entry an auth refusal (E201), without trying SSE', async () => {
  const { result, seen } = await watch(protectedProxy, () => invoke(core.client, 'guarded::echo', { message: 'x' }));
  expect(result).toMatchObject({ ok: false, code: 'E201', details: { http_status: 401, auth_state: 'missing_auth' } });
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.every((r) => r.method === 'POST' && r.status === 401)).toBe(true);
  expect((await row('guarded'))?.status).toBe('auth_required');
  expect(hints('guarded')).toEqual([]);
});
