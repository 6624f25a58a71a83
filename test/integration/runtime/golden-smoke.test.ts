// The cross-language golden smoke (python-runtime.md §13): the stock-`mcp` Python fixture, prepared by
// `gatehouse mcp prepare`, launched by Gatehouse through `uv run --offline --python <abs> --script`,
// spoken to in both protocol eras (one process each), recorded at the stdio boundary and compared with
// test/fixtures/python/smoke/expected.jsonl. GATEHOUSE_UPDATE_GOLDEN=1 re-records (review the diff).
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../src/main/common/atomic-write';
import { pythonLaunchSpec } from '../../../src/main/runtime/launch';
import { PythonEntrySchema, pythonServerSpec } from '../../../src/main/runtime/python-entry';
import { buildChildEnv } from '../../../src/main/common/child-env';
import { LogRing } from '../../../src/main/supervisor/log-ring';
import { killServerTree, spawnServer } from '../../../src/main/supervisor/stdio-process';
import { REPO_ROOT } from '../../helpers/workspace';
import { FIXTURE, prepareSmokeCache, PREPARE_TIMEOUT_MS, SMOKE_CACHE, smokeEnv, smokePython } from './helpers/python';
import { normalize, RawSession, type Frame, type TranscriptLine } from './helpers/raw-session';

const GOLDEN = join(FIXTURE, 'expected.jsonl');
const LEGACY = '2025-11-25';
const MODERN = '2026-07-28';
const META_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const META_CAPS_KEY = 'io.modelcontextprotocol/clientCapabilities';
const META = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'gatehouse-smoke', version: '1.0.0' },
};

let base: string;
const transcript: TranscriptLine[] = [];
const replies = new Map<string, Frame[]>();

function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort().map((rel) => `${rel}:${statSync(join(dir, rel)).mtimeMs}`);
}

async function runEra(era: string, cases: [string, Frame][]): Promise<void> {
  const entry = PythonEntrySchema.parse({ script: 'server.py', offline: true, cacheDir: SMOKE_CACHE, python: smokePython() });
  const spec = pythonServerSpec(`smoke-${era}`, entry, {}, FIXTURE);
  const env = smokeEnv();
  const launch = await pythonLaunchSpec(spec, { gatewayEnv: env, childEnv: buildChildEnv(env, {}).env, dataDir: join(base, 'data', era) });
  if (!launch.ok) throw new Error(launch.issue.message);
  expect(launch.value.args).toEqual(['run', '--offline', '--python', smokePython(), '--script', join(FIXTURE, 'server.py')]);
  expect(launch.value.cwd).toBe(FIXTURE);
  const server = await spawnServer(launch.value, new LogRing());
  const session = new RawSession(server, era, transcript);
  try {
    for (const [name, frame] of cases) replies.set(name, await session.exchange(name, frame));
    expect(session.unsolicited()).toEqual([]);
  } finally {
    const pid = server.child.pid as number;
    await killServerTree(server);
    // Stopping leaves nothing behind: uv and its Python child share the killed process group.
    expect(() => process.kill(-pid, 0)).toThrow();
  }
}

const reply = (name: string): Frame => {
  const frames = replies.get(name) ?? [];
  return frames[frames.length - 1] as Frame;
};

beforeAll(async () => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'gatehouse-smoke-')));
  await prepareSmokeCache();
  const before = snapshot(FIXTURE);
  let id = 0;
  const request = (method: string, params?: Frame): Frame => ({ jsonrpc: '2.0', id: ++id, method, ...(params ? { params } : {}) });
  await runEra(LEGACY, [
    ['legacy.initialize', request('initialize', { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'gatehouse-smoke', version: '1.0.0' } })],
    ['legacy.initialized', { jsonrpc: '2.0', method: 'notifications/initialized' }],
    ['legacy.tools-list', request('tools/list', {})],
    ['legacy.echo', request('tools/call', { name: 'echo', arguments: { message: 'hi' } })],
    ['legacy.progress', request('tools/call', { name: 'echo', arguments: { message: 'hi', progress_steps: 3 }, _meta: { progressToken: 'legacy-progress' } })],
    ['legacy.tool-error', request('tools/call', { name: 'no_such_tool', arguments: {} })],
    ['legacy.ping', request('ping')],
  ]);
  const { [META_VERSION_KEY]: _v, ...noVersion } = META;
  const { [META_CAPS_KEY]: _c, ...noCapabilities } = META;
  await runEra(MODERN, [
    ['modern.discover', request('server/discover', { _meta: META })],
    ['modern.tools-list', request('tools/list', { _meta: META })],
    ['modern.echo', request('tools/call', { name: 'echo', arguments: { message: 'hi' }, _meta: META })],
    ['modern.progress', request('tools/call', { name: 'echo', arguments: { message: 'hi', progress_steps: 3 }, _meta: { ...META, progressToken: 'modern-progress' } })],
    ['modern.no-meta', request('tools/list', {})],
    ['modern.no-capabilities', request('tools/list', { _meta: noCapabilities })],
    ['modern.no-version', request('tools/list', { _meta: noVersion })],
    ['modern.bad-version', request('tools/list', { _meta: { ...META, [META_VERSION_KEY]: '1900-01-01' } })],
    ['modern.tool-error', request('tools/call', { name: 'no_such_tool', arguments: {}, _meta: META })],
    ['modern.after-error', request('tools/call', { name: 'echo', arguments: { message: 'still here' }, _meta: META })],
  ]);
  // Starting a server never modifies the runtime root.
  expect(snapshot(FIXTURE)).toEqual(before);
}, PREPARE_TIMEOUT_MS);
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('golden transcript', () => {
  it('matches expected.jsonl after normalization', () => {
    const actual = transcript.map((line) => normalize(line, [FIXTURE, REPO_ROOT, base]));
    const text = `${actual.map((line) => JSON.stringify(line)).join('\n')}\n`;
    if (process.env.GATEHOUSE_UPDATE_GOLDEN === '1') writeFileAtomic(GOLDEN, text);
    expect(existsSync(GOLDEN), 'record it with GATEHOUSE_UPDATE_GOLDEN=1').toBe(true);
    const expected = readFileSync(GOLDEN, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as unknown);
    expect(actual).toEqual(expected);
  });
});

describe('handshake era (2025-11-25)', () => {
  it('initializes at 2025-11-25 with tools and serverInfo', () => {
    expect(reply('legacy.initialize')).toMatchObject({ id: 1, result: { protocolVersion: LEGACY, capabilities: { tools: {} }, serverInfo: { name: 'gatehouse-python-smoke' } } });
    expect(replies.get('legacy.initialized')).toEqual([]);
  });

  it('lists three tools, echoes, reports progress under the caller token, and answers ping', () => {
    expect((reply('legacy.tools-list').result as { tools: { name: string }[] }).tools.map((t) => t.name)).toEqual(['echo', 'escape_secrets', 'escape_network']);
    expect(reply('legacy.echo')).toMatchObject({ result: { content: [{ type: 'text', text: 'hi' }], isError: false } });
    const progress = replies.get('legacy.progress') ?? [];
    expect(progress.slice(0, -1).map((f) => (f.params as { progressToken: string; progress: number }).progress)).toEqual([1, 2, 3]);
    expect(progress.slice(0, -1).every((f) => f.method === 'notifications/progress' && (f.params as { progressToken: string }).progressToken === 'legacy-progress')).toBe(true);
    expect(reply('legacy.tool-error')).toMatchObject({ result: { isError: true } });
    expect(reply('legacy.ping')).toMatchObject({ result: {} });
  });
});

describe('stateless era (2026-07-28)', () => {
  it('discovers with both _meta keys', () => {
    expect(reply('modern.discover')).toMatchObject({ result: { supportedVersions: expect.arrayContaining([MODERN]), capabilities: expect.any(Object), resultType: 'complete' } });
  });

  it('lists and calls with caching and result types, progress included', () => {
    expect(reply('modern.tools-list')).toMatchObject({ result: { ttlMs: expect.any(Number), cacheScope: expect.any(String), resultType: 'complete' } });
    expect(reply('modern.echo')).toMatchObject({ result: { content: [{ type: 'text', text: 'hi' }], resultType: 'complete' } });
    expect((replies.get('modern.progress') ?? []).filter((f) => f.method === 'notifications/progress')).toHaveLength(3);
  });

  it.each(['modern.no-meta', 'modern.no-capabilities', 'modern.no-version'])('%s is answered -32602 under the same id', (name) => {
    const sent = transcript.find((line) => line.case === name && line.dir === 'send')?.frame;
    expect(reply(name)).toMatchObject({ id: sent?.id, error: { code: -32602 } });
  });

  it('an unsupported version is -32022 naming the supported and requested versions', () => {
    expect(reply('modern.bad-version')).toMatchObject({ error: { code: -32022, data: { supported: expect.arrayContaining([MODERN]), requested: '1900-01-01' } } });
  });

  it('the process survives the errors', () => {
    expect(reply('modern.tool-error')).toMatchObject({ result: { isError: true } });
    expect(reply('modern.after-error')).toMatchObject({ result: { content: [{ type: 'text', text: 'still here' }] } });
  });
});
