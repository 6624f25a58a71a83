// `gatehouse mcp verify|prepare` against the real smoke fixture with the real uv: success documents,
// offline readiness, and the rejection paths with their exit codes, stderr line and JSON failure
// document (tampered lock, symlinked/relative/missing/empty cache, missing uv, unsafe paths, usage).
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcp } from '../../../src/main/cli/mcp';
import { DEFAULT_LOCK_FILE } from '../../../src/main/runtime/policy-build';
import { FailureDocumentSchema, PreparationSchema, VerificationSchema } from '../../../src/shared/runtime';
import { editPolicy } from '../../unit/runtime/helpers/runtime-root';
import { capture, copyFixture, FIXTURE, prepareSmokeCache, PREPARE_TIMEOUT_MS, SMOKE_CACHE, smokeEnv } from './helpers/python';

let base: string;
beforeAll(async () => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'gatehouse-mcp-cli-')));
  await prepareSmokeCache();
}, PREPARE_TIMEOUT_MS);
afterAll(() => rmSync(base, { recursive: true, force: true }));

let counter = 0;
const freshCopy = () => copyFixture(join(base, `root-${++counter}`));

async function run(argv: string[], env = smokeEnv()) {
  const captured = capture(env);
  const code = await mcp(argv, captured.io);
  return { code, stdout: captured.stdout(), stderr: captured.stderr(), json: () => captured.json() };
}

/** A failure: exit 3, one stderr line, one JSON failure document whose error carries `code`. */
async function expectFailure(argv: string[], code: string, message: string | RegExp, env = smokeEnv()) {
  const text = await run(argv, env);
  expect(text.code).toBe(3);
  expect(text.stdout).toBe('');
  expect(text.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  expect(text.stderr).toMatch(/^gatehouse: /);
  const json = await run([...argv, '--json'], env);
  expect(json.code).toBe(3);
  const document = FailureDocumentSchema.parse(json.json());
  expect(document.status).toBe('failed');
  expect(document.errors[0]?.code).toBe(code);
  if (typeof message === 'string') expect(document.errors[0]?.message).toBe(message);
  else expect(document.errors[0]?.message).toMatch(message);
  return document;
}

describe('mcp verify', () => {
  it('verifies the fixture: one summary line, or one JSON document', async () => {
    const text = await run(['verify', '--root', FIXTURE]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`^MCP runtime verified: 1 server\\(s\\) in ${FIXTURE} \\(uv \\d+\\.\\d+\\.\\d+\\)\\n$`));
    expect(text.stderr).toBe('');
    const json = await run(['verify', '--root', FIXTURE, '--json']);
    const document = VerificationSchema.parse(json.json());
    expect(document).toMatchObject({ status: 'verified', root: FIXTURE, offline: false, cacheDir: null, servers: [{ path: 'server.py', requiresPython: '>=3.10' }] });
    expect(Object.keys(json.json())).toEqual(['apiVersion', 'kind', 'status', 'root', 'uvVersion', 'policySha256', 'offline', 'cacheDir', 'servers', 'errors']);
  });

  it('verifies offline against an existing cache, canonicalized', async () => {
    const document = VerificationSchema.parse((await run(['verify', '--root', FIXTURE, '--offline', '--cache-dir', `${SMOKE_CACHE}/.`, '--json'])).json());
    expect(document).toMatchObject({ offline: true, cacheDir: SMOKE_CACHE });
  });

  it('offline needs a cache that exists, and never creates one', async () => {
    const missing = join(base, 'never-created');
    await expectFailure(['verify', '--root', FIXTURE, '--offline', '--cache-dir', missing], 'runtime.cache-unavailable', 'runtime cache directory: ENOENT: no such file or directory');
    expect(existsSync(missing)).toBe(false);
    const env = smokeEnv();
    delete env.UV_CACHE_DIR;
    await expectFailure(['verify', '--root', FIXTURE, '--offline'], 'runtime.cache-unavailable', 'runtime cache directory is required offline: pass --cache-dir ABS or set UV_CACHE_DIR', env);
  });

  it('refuses a symlinked root and a server path that leaves the root', async () => {
    const root = freshCopy();
    symlinkSync(root, join(base, 'root-link'));
    await expectFailure(['verify', '--root', join(base, 'root-link')], 'runtime.path-unsafe', 'runtime root must be a non-symlink directory');
    editPolicy(root, (p) => { p.servers[0]!.path = '../server.py'; });
    await expectFailure(['verify', '--root', root], 'runtime.path-unsafe', /^Python runtime policy contains an unsafe server path/);
  });

  it('refuses a header edited after the policy was generated', async () => {
    const root = freshCopy();
    const script = join(root, 'server.py');
    writeFileSync(script, readFileSync(script, 'utf8').replace('mcp==2.2.0', 'mcp==2.3.0'));
    await expectFailure(['verify', '--root', root], 'runtime.pep723-invalid', /^runtime server server.py header differs from policy/);
  });

  it('reports a missing uv', async () => {
    const env = smokeEnv({ PATH: join(base, 'empty-bin') });
    await expectFailure(['verify', '--root', FIXTURE], 'runtime.uv-missing', 'launch uv: ENOENT: uv was not found on PATH', env);
  });
});

describe('mcp prepare', () => {
  it('prepares the fixture into the cache, then proves it offline-ready', async () => {
    const online = PreparationSchema.parse((await run(['prepare', '--root', FIXTURE, '--cache-dir', SMOKE_CACHE, '--json'])).json());
    expect(online).toMatchObject({ status: 'prepared', profileCount: 1, cacheDir: SMOKE_CACHE });
    const offline = await run(['prepare', '--root', FIXTURE, '--cache-dir', SMOKE_CACHE, '--offline']);
    expect(offline.code).toBe(0);
    expect(offline.stdout).toBe(`offline-ready: 1 dependency profile(s), policy ${online.policySha256}\n`);
  }, PREPARE_TIMEOUT_MS);

  it('an empty cache is not offline-ready: the profile and the first uv error line are named', async () => {
    const empty = join(base, 'empty-cache');
    mkdirSync(empty);
    const document = await expectFailure(['prepare', '--root', FIXTURE, '--cache-dir', empty, '--offline'], 'runtime.cache-incomplete', /^runtime profile [0-9a-f]{64} is not offline-ready: error: /);
    expect(document.root).toBe(FIXTURE);
  });

  it('a tampered lock stops preparation before uv runs', async () => {
    const root = freshCopy();
    appendFileSync(join(root, DEFAULT_LOCK_FILE), '\n');
    const cache = join(base, 'tampered-cache');
    mkdirSync(cache);
    await expectFailure(['prepare', '--root', root, '--cache-dir', cache], 'runtime.lock-invalid', 'Python runtime lock digest differs from policy');
    expect(readdirSync(cache)).toEqual([]);
  });

  it('refuses relative, symlinked and in-root caches; offline never creates one', async () => {
    await expectFailure(['prepare', '--root', FIXTURE, '--cache-dir', 'relative/cache'], 'runtime.cache-unsafe', 'runtime cache directory must be absolute');
    symlinkSync(SMOKE_CACHE, join(base, 'cache-link'));
    await expectFailure(['prepare', '--root', FIXTURE, '--cache-dir', join(base, 'cache-link'), '--offline'], 'runtime.cache-unsafe', 'runtime cache directory must be a non-symlink directory');
    const root = freshCopy();
    await expectFailure(['prepare', '--root', root, '--cache-dir', join(root, 'cache')], 'runtime.cache-unsafe', 'runtime cache directory must be outside the runtime root');
    const missing = join(base, 'offline-missing');
    await expectFailure(['prepare', '--root', FIXTURE, '--cache-dir', missing, '--offline'], 'runtime.cache-unavailable', /^runtime cache directory: ENOENT/);
    expect(existsSync(missing)).toBe(false);
  });

  it('an unresolvable profile fails online with the profile and uv error named', async () => {
    const root = freshCopy();
    writeFileSync(join(root, DEFAULT_LOCK_FILE), `gatehouse-no-such-package-a8f3==0.0.1 \\\n    --hash=sha256:${'0'.repeat(64)}\n`);
    const lockSha256 = createHash('sha256').update(readFileSync(join(root, DEFAULT_LOCK_FILE))).digest('hex');
    editPolicy(root, (p) => { p.dependencyResolution.lockSha256 = lockSha256; });
    await expectFailure(['prepare', '--root', root, '--cache-dir', join(base, 'online-cache')], 'runtime.profile-prepare-failed', /^runtime profile [0-9a-f]{64} is not prepared: error: /);
  }, PREPARE_TIMEOUT_MS);
});

describe('usage', () => {
  it.each([[[]], [['frob']], [['verify', '--bogus']], [['prepare', 'extra']]])('%j is a usage error: exit 2', async (argv) => {
    const text = await run(argv);
    expect(text.code).toBe(2);
    expect(text.stdout).toBe('');
    expect(text.stderr).toMatch(/^gatehouse: .+\n$/);
    const json = await run([...argv, '--json']);
    expect(json.code).toBe(2);
    expect(FailureDocumentSchema.parse(json.json()).errors[0]?.code).toBe('usage');
  });
});
