// Thousands of malformed and hostile messages at /mcp (in a session, as stateless requests, and with
// no session) and at stdio (in-process core, and bridged into a running gateway): nothing crashes,
// and every message that is a request gets a well-formed JSON-RPC error carrying its id (id null when
// it had no usable one). Counts are fixed; the test timeout bounds the time.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../helpers/core';
import { requireBuild } from '../../helpers/cli-process';
import { CLI_ENTRY, createWorkspace, everythingServer, type Workspace } from '../../helpers/workspace';
import { cliEnv, startHttpGatewayCli, type HttpCli } from './cli';
import { fuzzCases, isErrorFor, type FuzzCase } from './fuzz-cases';
import { connectClient, firstMessage, INITIALIZE, JSON_HEADERS, openSession, raw, startGateway, type Running } from './support';

const HTTP_CASES_PER_ROUTE = 1200;
const STDIO_CASES = 2000;
const BRIDGED_CASES = 600;
const ALLOWED_STATUS = new Set([200, 202, 400, 404, 405, 406, 413, 415]);
const MODERN_META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

function short(text: string): string {
  return text.length > 160 ? `${text.slice(0, 160)}…(${text.length})` : text;
}

/** The same case as a 2026-07-28 request: envelope in params._meta, headers to match. */
function modernize(c: FuzzCase): { body: string; headers: Record<string, string> } {
  const headers: Record<string, string> = { ...JSON_HEADERS, 'mcp-protocol-version': '2026-07-28' };
  try {
    const parsed = JSON.parse(c.text) as Record<string, unknown>;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && typeof parsed.method === 'string') {
      const params = parsed.params;
      if (params === undefined || (typeof params === 'object' && params !== null && !Array.isArray(params))) {
        parsed.params = { ...(params as object | undefined), _meta: MODERN_META };
      }
      if (/^[\x21-\x7e]{1,200}$/.test(parsed.method)) headers['mcp-method'] = parsed.method;
      return { body: JSON.stringify(parsed), headers };
    }
  } catch {
    // Not JSON: sent as is.
  }
  return { body: c.text, headers };
}

async function runPool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await work(items[next++] as T);
  }));
}

describe('fuzzing /mcp', () => {
  let gw: Running;
  let sessionId: string;
  beforeAll(async () => {
    gw = await startGateway();
    sessionId = await openSession(gw.http.port);
  });
  afterAll(async () => gw?.stop());

  it(`answers ${HTTP_CASES_PER_ROUTE * 3} hostile requests with well-formed errors and keeps serving`, async () => {
    const port = gw.http.port;
    const failures: string[] = [];
    let sent = 0;
    let owedAnswered = 0;
    const routes = {
      session: (c: FuzzCase) => ({ body: c.text, headers: { ...JSON_HEADERS, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' } }),
      stateless: modernize,
      sessionless: (c: FuzzCase) => ({ body: c.text, headers: JSON_HEADERS }),
    };
    let seed = 1;
    for (const [route, shape] of Object.entries(routes)) {
      seed += 1;
      const cases = fuzzCases(HTTP_CASES_PER_ROUTE, seed);
      await runPool(cases, 8, async (c) => {
        const { body, headers } = shape(c);
        const res = await raw({ port, method: 'POST', headers, body });
        sent += 1;
        const where = `${route}/${c.kind}: ${short(body)} → ${res.status} ${short(res.text)}`;
        if (!ALLOWED_STATUS.has(res.status)) return void failures.push(`status ${where}`);
        if (!c.owed) return;
        let message: unknown;
        try {
          message = firstMessage(res);
        } catch {
          return void failures.push(`no JSON-RPC answer ${where}`);
        }
        if (!isErrorFor(message, c.id)) return void failures.push(`not an error for id ${short(String(c.id))}: ${where}`);
        owedAnswered += 1;
      });
    }
    expect(failures.slice(0, 5)).toEqual([]);
    expect(sent).toBe(HTTP_CASES_PER_ROUTE * 3);
    expect(owedAnswered).toBeGreaterThan(HTTP_CASES_PER_ROUTE * 2);
    // Still alive and serving, in both eras.
    expect((await raw({ port, path: '/health' })).status).toBe(200);
    for (const era of ['handshake', 'stateless'] as const) {
      const { client } = await connectClient(gw.url, era);
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      await client.close();
    }
  }, 180_000);
});

interface StdioRun {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  write(text: string): Promise<void>;
}

function spawnStdio(workspace: Workspace, args: string[]): StdioRun {
  const child = spawn(process.execPath, [CLI_ENTRY, 'serve', '--transport', 'stdio', ...args], { cwd: workspace.project, env: cliEnv(workspace.home), stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr.resume();
  const lines: string[] = [];
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts.filter((l) => l !== ''));
  });
  return {
    child,
    lines,
    write: (text) => new Promise((resolve) => (child.stdin.write(`${text}\n`) ? resolve() : child.stdin.once('drain', () => resolve()))),
  };
}

/** Sends the cases after a handshake; checks every owed answer and that stdout held only JSON-RPC. */
async function fuzzStdio(run: StdioRun, cases: FuzzCase[]): Promise<void> {
  await run.write(JSON.stringify(INITIALIZE));
  await waitFor(() => run.lines.some((l) => l.includes('"id":1')), 'the initialize answer', 30_000);
  await run.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  for (const c of cases) await run.write(c.text);
  const owedWithId = cases.filter((c) => c.owed && c.id !== null);
  const owedNull = cases.filter((c) => c.owed && c.id === null).length;
  const parsed = () => run.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  await waitFor(() => {
    const messages = parsed();
    const ids = new Set(messages.map((m) => m.id));
    return owedWithId.every((c) => ids.has(c.id)) && messages.filter((m) => m.id === null).length >= owedNull;
  }, 'every owed answer', 60_000);
  const messages = parsed();
  for (const m of messages) expect(m.jsonrpc).toBe('2.0');
  const byId = new Map(messages.map((m) => [m.id, m]));
  const wrong = owedWithId.filter((c) => !isErrorFor(byId.get(c.id), c.id)).map((c) => `${c.kind}: ${short(c.text)} → ${short(JSON.stringify(byId.get(c.id)))}`);
  expect(wrong.slice(0, 5)).toEqual([]);
  expect(messages.filter((m) => m.id === null).every((m) => isErrorFor(m, null))).toBe(true);
  // Still serving after all of it.
  await run.write(JSON.stringify({ jsonrpc: '2.0', id: 'after-fuzz', method: 'tools/list' }));
  await waitFor(() => parsed().find((m) => m.id === 'after-fuzz' && 'result' in m), 'a normal answer after the fuzz', 30_000);
  expect(run.child.exitCode).toBeNull();
}

describe('fuzzing stdio', () => {
  let workspace: Workspace;
  let gateway: HttpCli | undefined;
  beforeAll(() => {
    requireBuild();
    workspace = createWorkspace();
    workspace.writeConfig({ mcpServers: { everything: everythingServer() } });
  });
  afterAll(async () => {
    await gateway?.stop();
    workspace?.cleanup();
  });

  it(`answers ${STDIO_CASES} hostile lines on an in-process stdio gateway`, async () => {
    const run = spawnStdio(workspace, ['--standalone']);
    try {
      await fuzzStdio(run, fuzzCases(STDIO_CASES, 101));
    } finally {
      run.child.stdin.end();
    }
    expect(await new Promise((resolve) => run.child.once('exit', resolve))).toBe(0);
  }, 180_000);

  it(`answers ${BRIDGED_CASES} hostile lines through a stdio bridge into a running gateway`, async () => {
    gateway = await startHttpGatewayCli(workspace.project, workspace.home);
    const run = spawnStdio(workspace, []);
    try {
      await fuzzStdio(run, fuzzCases(BRIDGED_CASES, 202));
    } finally {
      run.child.stdin.end();
    }
    expect(await new Promise((resolve) => run.child.once('exit', resolve))).toBe(0);
    expect(gateway.child.exitCode).toBeNull();
  }, 180_000);
});
