// verify's steps 1–11 in their documented order and with their documented messages, on real roots
// built by the real generator. uv is a fake on an otherwise empty PATH, so the only thing not real is
// the program answering --version (the real uv runs in the integration project).
import { mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync, appendFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCK_FILE } from '../../../src/main/runtime/policy-build';
import { POLICY_PATH } from '../../../src/main/runtime/policy';
import { verifyRuntime } from '../../../src/main/runtime/verify';
import { editPolicy, header, makeRuntimeRoot, readPolicy, SIMPLE_LOCK, writeFakeUv, writePolicy, type PolicyDoc } from './helpers/runtime-root';

let base: string;
let root: string;
let bin: string;
let log: string;

beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'gatehouse-verify-')));
  root = join(base, 'root');
  bin = join(base, 'bin');
  log = join(base, 'uv.log');
  makeRuntimeRoot(root);
  writeFakeUv(bin, { log });
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const verify = (extra: Partial<Parameters<typeof verifyRuntime>[0]> = {}) =>
  verifyRuntime({ root, offline: false, cacheDir: undefined, createCache: false, env: { PATH: bin, HOME: base }, dirs: { config: join(base, 'c'), state: join(base, 's'), cache: join(base, 'k') }, ...extra });

async function failure(extra: Partial<Parameters<typeof verifyRuntime>[0]> = {}) {
  const outcome = await verify(extra);
  expect(outcome.verified).toBeNull();
  // uv never runs after a failure
  expect(existsSync(log)).toBe(false);
  return { step: outcome.reached, ...outcome.errors[0] };
}

describe('verify passes', () => {
  it('a generated root, then probes uv once', async () => {
    const outcome = await verify();
    expect(outcome.errors).toEqual([]);
    expect(outcome.verified).toMatchObject({ root, uvVersion: 'uv 0.13.9', cacheDir: null });
    expect(outcome.verified?.servers.map((s) => s.server.path)).toEqual(['servers/notes/server.py']);
  });
});

describe('verify fails in order', () => {
  it('step 1: a symlinked root', async () => {
    symlinkSync(root, join(base, 'link'));
    expect(await failure({ root: join(base, 'link') })).toMatchObject({ step: 1, code: 'runtime.path-unsafe', message: 'runtime root must be a non-symlink directory' });
  });

  it('step 2: a missing, symlinked or malformed policy', async () => {
    const policy = join(root, POLICY_PATH);
    writeFileSync(policy, '{ not json');
    expect(await failure()).toMatchObject({ step: 2, code: 'runtime.policy-invalid' });
    rmSync(policy);
    expect(await failure()).toMatchObject({ step: 2, code: 'runtime.path-unreadable' });
    writeFileSync(join(base, 'elsewhere.json'), '{}');
    symlinkSync(join(base, 'elsewhere.json'), policy);
    expect(await failure()).toMatchObject({ step: 2, code: 'runtime.path-unsafe', message: `Python runtime policy must be a regular, non-symlink file: ${POLICY_PATH}` });
  });

  it.each([
    ['a wrong kind', (p: PolicyDoc) => { p.kind = 'Other'; }],
    ['a wrong apiVersion', (p: PolicyDoc) => { p.apiVersion = 'v0'; }],
    ['an upper-case aggregate', (p: PolicyDoc) => { p.aggregateSha256 = p.aggregateSha256.toUpperCase(); }],
    ['a 63-character aggregate', (p: PolicyDoc) => { p.aggregateSha256 = p.aggregateSha256.slice(1); }],
    ['no profiles', (p: PolicyDoc) => { p.dependencyProfiles = []; }],
    ['a number anywhere', (p: PolicyDoc) => { p.source.depth = 2; }],
  ])('step 3: %s', async (_name, edit) => {
    editPolicy(root, edit, false);
    const result = await failure();
    expect(result).toMatchObject({ step: 3, code: 'runtime.policy-invalid' });
    expect(result.message).toMatch(/^unsupported or incomplete Python runtime policy: /);
  });

  it('step 4: contents edited without resealing', async () => {
    editPolicy(root, (p) => { p.python.requires = '>=3.11'; }, false);
    expect(await failure()).toMatchObject({ step: 4, code: 'runtime.policy-digest-mismatch', message: 'Python runtime policy digest differs from its contents' });
  });

  it('step 5: hashes not required, or a malformed lock digest', async () => {
    editPolicy(root, (p) => { p.dependencyResolution.hashesRequired = false; });
    expect(await failure()).toMatchObject({ step: 5, code: 'runtime.policy-invalid' });
    makeRuntimeRoot(root);
    editPolicy(root, (p) => { p.dependencyResolution.lockSha256 = p.dependencyResolution.lockSha256.toUpperCase(); });
    expect((await failure()).message).toMatch(/^Python runtime policy does not require a hashed lock/);
  });

  it.each(['../lock.txt', '/etc/passwd', 'a/./b', 'a\\b'])('step 6: unsafe lock path %j', async (lockFile) => {
    editPolicy(root, (p) => { p.dependencyResolution.lockFile = lockFile; });
    expect(await failure()).toMatchObject({ step: 6, code: 'runtime.lock-invalid', message: 'Python runtime policy contains an unsafe lock path' });
  });

  it('step 7: a tampered, symlinked or unhashed lock', async () => {
    appendFileSync(join(root, DEFAULT_LOCK_FILE), '# one more byte\n');
    expect(await failure()).toMatchObject({ step: 7, code: 'runtime.lock-invalid', message: 'Python runtime lock digest differs from policy', data: { reason: 'digest-mismatch' } });
    makeRuntimeRoot(root, { lock: 'mcp==2.2.0\n' });
    expect(await failure()).toMatchObject({ step: 7, code: 'runtime.lock-invalid', data: { reason: 'unhashed-entry', line: 1 } });
    makeRuntimeRoot(root);
    const lock = join(root, DEFAULT_LOCK_FILE);
    writeFileSync(join(base, 'lock.copy'), SIMPLE_LOCK);
    rmSync(lock);
    symlinkSync(join(base, 'lock.copy'), lock);
    expect(await failure()).toMatchObject({ step: 7, code: 'runtime.lock-invalid', message: 'Python runtime lock must be a regular, non-symlink file' });
  });

  it('step 8: a relative or missing cache folder', async () => {
    expect(await failure({ cacheDir: 'relative/cache' })).toMatchObject({ step: 8, code: 'runtime.cache-unsafe', message: 'runtime cache directory must be absolute' });
    expect(await failure({ cacheDir: join(base, 'nope') })).toMatchObject({ step: 8, code: 'runtime.cache-unavailable' });
    expect(existsSync(join(base, 'nope'))).toBe(false);
    expect(await failure({ offline: true })).toMatchObject({ step: 8, code: 'runtime.cache-unavailable', message: 'runtime cache directory is required offline: pass --cache-dir ABS or set UV_CACHE_DIR' });
  });

  it('step 9: a profile digest, a dependency with whitespace, a floor below 3.10, an unsafe server path', async () => {
    editPolicy(root, (p) => { p.dependencyProfiles[0]!.dependencies = ['mcp==2.3.0']; });
    expect(await failure()).toMatchObject({ step: 9, code: 'runtime.policy-digest-mismatch' });
    makeRuntimeRoot(root);
    editPolicy(root, (p) => { p.dependencyProfiles[0]!.dependencies = ['mcp >=1']; });
    expect((await failure()).message).toMatch(/^Python runtime policy contains an unsafe dependency: "mcp >=1"/);
    makeRuntimeRoot(root);
    editPolicy(root, (p) => { p.dependencyProfiles[0]!.requiresPython = '>=3.8'; });
    expect(await failure()).toMatchObject({ step: 9, code: 'runtime.python-unsupported' });
    makeRuntimeRoot(root);
    editPolicy(root, (p) => { p.dependencyProfiles[0]!.serverPaths = ['../escape.py']; });
    expect(await failure()).toMatchObject({ step: 9, code: 'runtime.path-unsafe' });
  });

  it('step 10: a header edited after the policy was made names the server', async () => {
    writeFileSync(join(root, 'servers/notes/server.py'), header(['mcp==2.2.0'], '>=3.10', ['# [tool.uv]', '# exclude-newer = "2026-01-01T00:00:00Z"']));
    expect(await failure()).toMatchObject({ step: 10, code: 'runtime.pep723-invalid', subject: 'servers/notes/server.py' });
    expect((await verify()).errors[0]?.message).toMatch(/^runtime server servers\/notes\/server.py header differs from policy/);
  });

  it('step 10: an unclosed header is an error with its line, a symlinked script is unsafe', async () => {
    writeFileSync(join(root, 'servers/notes/server.py'), 'import os\n# /// script\n# dependencies = []\nprint(1)\n');
    expect(await failure()).toMatchObject({ step: 10, code: 'runtime.pep723-invalid', data: { line: 2, reason: 'unclosed' } });
    rmSync(join(root, 'servers/notes/server.py'));
    writeFileSync(join(base, 'real.py'), header(['mcp==2.2.0']));
    symlinkSync(join(base, 'real.py'), join(root, 'servers/notes/server.py'));
    expect(await failure()).toMatchObject({ step: 10, code: 'runtime.path-unsafe', message: 'runtime server must be a regular, non-symlink file: servers/notes/server.py' });
  });

  it('step 10: servers out of order or pointing at the wrong profile', async () => {
    makeRuntimeRoot(root, { scripts: { 'a.py': header(['mcp==2.2.0']), 'b.py': header(['httpx']) } });
    const policy = readPolicy(root) as PolicyDoc;
    policy.servers.reverse();
    writePolicy(root, policy);
    editPolicy(root, () => undefined);
    expect(await failure()).toMatchObject({ step: 10, code: 'runtime.policy-invalid' });
  });

  it('doctor mode collects every broken server', async () => {
    makeRuntimeRoot(root, { scripts: { 'a.py': header(['mcp==2.2.0']), 'b.py': header(['httpx']) } });
    writeFileSync(join(root, 'a.py'), '# /// script\n');
    writeFileSync(join(root, 'b.py'), '# /// script\n# dependencies = [1]\n# ///\n');
    const outcome = await verify({ collectServers: true });
    expect(outcome.errors.map((e) => e.subject)).toEqual(['a.py', 'b.py']);
  });

  it('step 11: uv missing, too old, failing, silent or not UTF-8', async () => {
    expect((await verify({ env: { PATH: join(base, 'empty'), HOME: base } })).errors[0]).toMatchObject({ code: 'runtime.uv-missing', message: 'launch uv: ENOENT: uv was not found on PATH' });
    const cases: [Parameters<typeof writeFakeUv>[1], string, string][] = [
      [{ version: 'uv 0.1.0' }, 'runtime.uv-incompatible', 'uv 0.1.0 is older than 0.13.9, the oldest uv Gatehouse supports'],
      [{ exitCode: 2 }, 'runtime.uv-incompatible', 'uv --version exited with status 2'],
      [{ version: '' }, 'runtime.uv-incompatible', 'uv --version emitted empty output'],
      [{ versionBytes: [0xff, 0xfe, 0x0a] }, 'runtime.uv-incompatible', 'uv --version emitted non-UTF-8 output'],
    ];
    for (const [fake, code, message] of cases) {
      writeFakeUv(bin, fake);
      const outcome = await verify();
      expect(outcome.reached).toBe(11);
      expect(outcome.errors[0]).toMatchObject({ code, message });
    }
  });
});
