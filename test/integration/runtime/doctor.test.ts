// `gatehouse doctor` on real roots and configs with the real uv: healthy runs, a config with broken
// servers, cache and lock failures, host checks on the host and deferred in a container, bad
// categories refused before uv runs, and a cache folder that doctor never creates.
import { createServer, type Server } from 'node:http';
import { appendFileSync, chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctor } from '../../../src/main/cli/doctor';
import { runDoctor, type DoctorDocument } from '../../../src/main/runtime/doctor/doctor';
import { doctorForPanel } from '../../../src/main/runtime/doctor/panel';
import type { Finding } from '../../../src/main/runtime/doctor/findings';
import { findExecutable } from '../../../src/main/runtime/find-executable';
import { DEFAULT_LOCK_FILE } from '../../../src/main/runtime/policy-build';
import { approveFile } from '../../../src/main/trust/store';
import { DoctorRequestSchema, DoctorResponseSchema, DoctorResultSchema, FailureDocumentSchema } from '../../../src/shared/runtime';
import { writeFakeUv } from '../../unit/runtime/helpers/runtime-root';
import { capture, copyFixture, FIXTURE, prepareSmokeCache, PREPARE_TIMEOUT_MS, SMOKE_CACHE, smokeEnv } from './helpers/python';

let base: string;
let home: string;
let profileSha: string;

beforeAll(async () => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'gatehouse-doctor-')));
  home = join(base, 'home');
  mkdirSync(home);
  const prepared = await prepareSmokeCache();
  profileSha = (prepared.profiles as { sha256: string }[])[0]?.sha256 as string;
}, PREPARE_TIMEOUT_MS);
afterAll(() => rmSync(base, { recursive: true, force: true }));

let counter = 0;
/** A project folder with this `.mcp.json`, approved by the operator unless `approve` is false. */
function project(servers: Record<string, unknown>, approve = true): string {
  const dir = join(base, `project-${++counter}`);
  mkdirSync(dir, { recursive: true });
  const text = JSON.stringify({ mcpServers: servers }, null, 2);
  writeFileSync(join(dir, '.mcp.json'), text);
  if (approve) approveFile(join(home, '.local/state/gatehouse'), join(dir, '.mcp.json'), text);
  return dir;
}

/** Every Gatehouse folder inside the test's own HOME, so nothing of the real user's is read. */
const isolatedEnv = (extra: NodeJS.ProcessEnv = {}) =>
  smokeEnv({ HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_STATE_HOME: join(home, '.local/state'), XDG_CACHE_HOME: join(home, '.cache'), UV_CACHE_DIR: undefined, ...extra });

async function cli(argv: string[], cwd: string, env = isolatedEnv()) {
  const captured = capture(env, cwd);
  const code = await doctor(argv, captured.io);
  return { code, stdout: captured.stdout(), stderr: captured.stderr(), json: () => captured.json() };
}

const find = (document: DoctorDocument, id: string, subject: string | null = null): Finding | undefined =>
  document.findings.find((f) => f.id === id && f.subject === subject);

const goodPython = { command: 'uv', args: ['run', '--script', 'server.py'], gatehouse: { python: { script: 'server.py', root: FIXTURE, offline: true, cacheDir: SMOKE_CACHE } } };

describe('doctor --category runtime', () => {
  it('is healthy for the prepared fixture and a sound config; every check appears once per subject', async () => {
    const dir = project({ smoke: goodPython, node: { command: process.execPath, args: ['-e', '0'] } });
    const run = await cli(['--root', FIXTURE, '--category', 'runtime', '--cache-dir', SMOKE_CACHE, '--json'], dir);
    const document = DoctorResultSchema.parse(run.json()) as DoctorDocument;
    expect(run.code).toBe(0);
    expect(document.status).toBe('healthy');
    expect(document.root).toBe(FIXTURE);
    expect(document.runtime.uvVersion).toMatch(/^uv \d+\.\d+\.\d+$/);
    expect(document.runtime.pythonVersion).toMatch(/^3\.\d+\.\d+/);
    expect(find(document, 'runtime.cache-incomplete', `profile:${profileSha}`)).toMatchObject({ status: 'passed' });
    expect(find(document, 'runtime.pep723-invalid', 'server:smoke')).toMatchObject({ status: 'passed' });
    for (const id of ['runtime.uv-missing', 'runtime.uv-incompatible', 'runtime.python-missing', 'runtime.python-unsupported', 'runtime.policy-digest-mismatch', 'runtime.lock-invalid', 'runtime.config-invalid', 'runtime.server-command-missing']) {
      expect(find(document, id), id).toMatchObject({ status: 'passed' });
    }
    const keys = document.findings.map((f) => `${f.id} ${f.subject}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(document.findings.every((f) => f.category === 'runtime')).toBe(true);
    expect(document.totals).toEqual({ error: 0, warn: 0, info: document.findings.length, deferred: 0 });
  });

  it('names every broken server with its stable ID, line and remediation', async () => {
    const scripts = join(base, 'broken-scripts');
    mkdirSync(scripts);
    writeFileSync(join(scripts, 'unclosed.py'), 'import os\n# /// script\n# dependencies = ["mcp==2.2.0"]\nprint("no close line")\n');
    writeFileSync(join(scripts, 'ok.py'), '# /// script\n# dependencies = []\n# ///\n');
    const dir = project({
      broken: { command: 'uv', gatehouse: { python: { script: 'unclosed.py', root: scripts } } },
      'missing-cmd': { command: 'gatehouse-no-such-binary-7c1' },
      pythonpath: { command: 'uv', env: { PYTHONPATH: '/tmp' }, gatehouse: { python: { script: 'ok.py', root: scripts } } },
      'wide-open': { command: 'uv', gatehouse: { python: { script: 'ok.py', root: scripts, http: { host: '0.0.0.0', port: 8123 } } } },
      escape: { command: 'uv', gatehouse: { python: { script: '../ok.py', root: scripts } } },
    });
    const run = await cli(['--root', FIXTURE, '--category', 'runtime', '--cache-dir', SMOKE_CACHE, '--json'], dir);
    const document = DoctorResultSchema.parse(run.json()) as DoctorDocument;
    expect(run.code).toBe(1);
    expect(document.status).toBe('findings');
    expect(find(document, 'runtime.pep723-invalid', 'server:broken')).toMatchObject({ status: 'failed', severity: 'error', data: { line: 2, reason: 'unclosed' } });
    expect(find(document, 'runtime.server-command-missing', 'server:missing-cmd')).toMatchObject({ status: 'failed', message: expect.stringContaining('gatehouse-no-such-binary-7c1') });
    expect(find(document, 'runtime.config-invalid', 'server:pythonpath')).toMatchObject({ status: 'failed', message: expect.stringContaining('PYTHONPATH') });
    expect(find(document, 'runtime.loopback-required', 'server:wide-open')).toMatchObject({ status: 'failed', message: 'server "wide-open": streamable HTTP host must be loopback' });
    expect(find(document, 'runtime.path-unsafe', 'server:escape')).toMatchObject({ status: 'failed' });
    for (const f of document.findings.filter((x) => x.status === 'failed')) expect(f.remediation.length).toBeGreaterThan(10);
    expect(document.totals.error).toBe(5);

    const text = await cli(['--root', FIXTURE, '--category', 'runtime', '--cache-dir', SMOKE_CACHE], dir);
    expect(text.code).toBe(1);
    expect(text.stdout).toBe('findings: 5 error(s), 0 warning(s), 0 deferred check(s)\n');
    expect(text.stderr.trim().split('\n')).toHaveLength(5);
    expect(text.stderr).toContain('gatehouse: [error] runtime.pep723-invalid server:broken: server "broken": unclosed.py: the "# /// script" block opened on line 2');
  });

  it('says which project config waits for approval, and passes once it is approved', async () => {
    const dir = project({ node: { command: process.execPath, args: ['-e', '0'] } }, false);
    const file = join(dir, '.mcp.json');
    const waiting = (await cli(['--root', FIXTURE, '--category', 'runtime', '--cache-dir', SMOKE_CACHE, '--json'], dir)).json() as unknown as DoctorDocument;
    expect(find(waiting, 'runtime.project-untrusted', `file:${file}`)).toMatchObject({
      status: 'failed', severity: 'warn', message: `${file} is not approved; 1 server(s) in it are not started: node`, remediation: expect.stringContaining('gatehouse trust approve'),
    });
    approveFile(join(home, '.local/state/gatehouse'), file, readFileSync(file));
    const approved = (await cli(['--root', FIXTURE, '--category', 'runtime', '--cache-dir', SMOKE_CACHE, '--json'], dir)).json() as unknown as DoctorDocument;
    expect(find(approved, 'runtime.project-untrusted')).toMatchObject({ status: 'passed' });
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n`);
    const changed = (await cli(['--root', FIXTURE, '--category', 'runtime', '--cache-dir', SMOKE_CACHE, '--json'], dir)).json() as unknown as DoctorDocument;
    expect(find(changed, 'runtime.project-untrusted', `file:${file}`)?.message).toMatch(/changed since it was approved \(approved sha256 [0-9a-f]{12}…, now [0-9a-f]{12}…\)/);
  });

  it('an empty cache fails the offline probe; a missing one is reported and never created', async () => {
    const empty = join(base, 'empty-cache');
    mkdirSync(empty);
    const dir = project({});
    const document = (await cli(['--root', FIXTURE, '--category', 'runtime', '--cache-dir', empty, '--json'], dir)).json() as unknown as DoctorDocument;
    expect(find(document, 'runtime.cache-incomplete', `profile:${profileSha}`)).toMatchObject({ status: 'failed', message: expect.stringMatching(/^runtime profile [0-9a-f]{64} is not offline-ready: error: /) });
    const missing = join(base, 'missing-cache');
    const run = await cli(['--root', FIXTURE, '--category', 'runtime', '--cache-dir', missing, '--json'], dir);
    expect(run.code).toBe(1);
    expect(find(run.json() as unknown as DoctorDocument, 'runtime.cache-unavailable')).toMatchObject({ status: 'failed' });
    expect(existsSync(missing)).toBe(false);
  });

  it('a tampered lock fails its check and skips what depends on it', async () => {
    const root = copyFixture(join(base, 'tampered'));
    appendFileSync(join(root, DEFAULT_LOCK_FILE), '\n');
    const document = (await cli(['--root', root, '--category', 'runtime', '--cache-dir', SMOKE_CACHE, '--json'], project({}))).json() as unknown as DoctorDocument;
    expect(find(document, 'runtime.lock-invalid', DEFAULT_LOCK_FILE)).toMatchObject({ status: 'failed', message: 'Python runtime lock digest differs from policy', data: { reason: 'digest-mismatch' } });
    expect(find(document, 'runtime.pep723-invalid')).toMatchObject({ status: 'skipped' });
    expect(find(document, 'runtime.cache-incomplete')).toMatchObject({ status: 'skipped' });
    expect(find(document, 'runtime.uv-missing')).toMatchObject({ status: 'passed' });
  });

  it('a root without a policy skips the policy checks and is healthy', async () => {
    const dir = project({});
    const run = await cli(['--root', dir, '--category', 'runtime', '--json'], dir);
    const document = DoctorResultSchema.parse(run.json()) as DoctorDocument;
    expect(run.code).toBe(0);
    expect(find(document, 'runtime.policy-invalid')).toMatchObject({ status: 'skipped', message: expect.stringContaining('no Python runtime policy') });
  });
});

describe('doctor panel', () => {
  it('answers the panel request with the document the CLI prints', async () => {
    const dir = project({ smoke: goodPython });
    const context = { env: isolatedEnv(), defaultRoot: dir, homeDir: home, projectRoot: dir, configPath: null, loginShellPath: null };
    const request = DoctorRequestSchema.parse({ root: FIXTURE, categories: ['runtime'], cacheDir: SMOKE_CACHE });
    const panel = DoctorResponseSchema.parse(await doctorForPanel(request, context)) as DoctorDocument;
    const printed = (await cli(['--root', FIXTURE, '--category', 'runtime', '--cache-dir', SMOKE_CACHE, '--json'], dir)).json() as unknown as DoctorDocument;
    expect(panel.findings.map((f) => [f.id, f.subject, f.status])).toEqual(printed.findings.map((f) => [f.id, f.subject, f.status]));
    expect(FailureDocumentSchema.parse(await doctorForPanel({ categories: [] as never }, context))).toMatchObject({ status: 'unavailable' });
  });
});

describe('doctor categories', () => {
  it.each([
    ['host;runtime', 'doctor category contains unsupported characters'],
    ['drift', 'doctor category is unknown: drift'],
  ])('%j is refused with exit 3 before uv is probed', async (category, message) => {
    const log = join(base, `uv-${category.length}.log`);
    const bin = join(base, `fake-bin-${category.length}`);
    writeFakeUv(bin, { log });
    const run = await cli(['--category', category, '--json'], base, isolatedEnv({ PATH: bin }));
    expect(run.code).toBe(3);
    expect(FailureDocumentSchema.parse(run.json())).toMatchObject({ kind: 'DoctorResult', status: 'unavailable', errors: [{ message }] });
    expect(run.stderr).toBe(`gatehouse: ${message}\n`);
    expect(existsSync(log)).toBe(false);
  });

  it('an unknown flag is a usage error', async () => {
    expect((await cli(['--fix'], base)).code).toBe(2);
  });
});

describe('host checks', () => {
  let feed: Server;
  let feedUrl: string;
  beforeAll(async () => {
    feed = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/simple/`;
  });
  afterAll(() => new Promise<void>((resolve) => feed.close(() => resolve())));

  const hostDoctor = (env: NodeJS.ProcessEnv, markers: string[], offline = false) =>
    runDoctor({ root: base, cwd: base, env, category: 'host', offline, homeDir: home, projectRoot: null, configPath: null, containerMarkers: markers });

  it('on a host: folder permissions, the feed, uv on PATH, the keychain and confinement are probed', async () => {
    const xdg = join(base, 'xdg');
    mkdirSync(join(xdg, 'config/gatehouse'), { recursive: true });
    chmodSync(join(xdg, 'config/gatehouse'), 0o755);
    writeFileSync(join(xdg, 'config/gatehouse/settings.json'), '{}', { mode: 0o644 });
    const env = isolatedEnv({ XDG_CONFIG_HOME: join(xdg, 'config'), XDG_STATE_HOME: join(xdg, 'state'), XDG_CACHE_HOME: join(xdg, 'cache'), GATEHOUSE_RELEASE_FEED_URL: feedUrl });
    const outcome = await hostDoctor(env, []);
    const document = DoctorResultSchema.parse(outcome.document) as DoctorDocument;
    expect(document.environment.kind).toBe('host');
    expect(find(document, 'host.filesystem-permissions')).toMatchObject({ status: 'failed', severity: 'error', message: expect.stringContaining('mode 755, not 700') });
    expect(find(document, 'host.filesystem-permissions')?.message).toContain('settings.json is mode 644, not 600');
    expect(outcome.exitCode).toBe(1);
    expect(find(document, 'host.network-release-access')).toMatchObject({ status: 'passed', message: `${new URL(feedUrl).origin} is reachable (HTTP 200)` });
    expect(find(document, 'host.login-shell-path')).toMatchObject({ status: 'passed' });
    const keychain = find(document, 'host.keychain');
    if (keychain?.status === 'failed') expect(keychain).toMatchObject({ severity: 'warn', message: expect.stringMatching(/^keychain unavailable \(\w+\): /), data: { reason: expect.any(String) } });
    else expect(keychain?.status).toBe('passed');
    expect(find(document, 'host.child-confinement')?.status).toBe(findExecutable('bwrap', env.PATH) ? 'passed' : 'failed');

    chmodSync(join(xdg, 'config/gatehouse'), 0o700);
    chmodSync(join(xdg, 'config/gatehouse/settings.json'), 0o600);
    const fixed = await hostDoctor(env, []);
    expect(find(fixed.document as DoctorDocument, 'host.filesystem-permissions')).toMatchObject({ status: 'passed' });
  });

  it('an unreachable feed is a warning; --offline skips it; only the origin is shown', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const env = isolatedEnv({ GATEHOUSE_RELEASE_FEED_URL: `http://user:pw-canary@127.0.0.1:${port}/simple/?token=q-canary` });
    const down = (await hostDoctor(env, [])).document as DoctorDocument;
    expect(find(down, 'host.network-release-access')).toMatchObject({ status: 'failed', severity: 'warn', message: `http://127.0.0.1:${port} is not reachable (ECONNREFUSED)` });
    expect(JSON.stringify(down)).not.toMatch(/canary/);
    const offline = (await hostDoctor(env, [], true)).document as DoctorDocument;
    expect(find(offline, 'host.network-release-access')).toMatchObject({ status: 'skipped', message: 'skipped with --offline' });
  });

  it('in a container every host-only check is deferred with its severity and remediation; confinement is checked there', async () => {
    const marker = join(base, '.dockerenv');
    writeFileSync(marker, '');
    const document = (await hostDoctor(isolatedEnv(), [marker])).document as DoctorDocument;
    expect(document.environment.kind).toBe('container');
    expect(find(document, 'host.environment')).toMatchObject({ status: 'passed', data: { kind: 'container' } });
    const deferred = document.findings.filter((f) => f.status === 'deferred');
    expect(deferred.map((f) => f.id)).toEqual(['host.filesystem-permissions', 'host.network-release-access', 'host.login-shell-path', 'host.keychain']);
    expect(deferred.every((f) => f.remediation && f.severity)).toBe(true);
    expect(document.totals.deferred).toBe(4);
    // The children run in the container: what it lets Gatehouse confine them with is the answer that matters.
    expect(find(document, 'host.child-confinement')?.status).toBe(findExecutable('bwrap', isolatedEnv().PATH) ? 'passed' : 'failed');
    expect(document.status).toBe('healthy');
  });
});
