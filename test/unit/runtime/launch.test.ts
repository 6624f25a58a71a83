// A Python script server becomes `uv run [--offline] [--python P] --script <abs> [args]` with the
// canonical root as cwd and the §7.3 environment; every path rule is checked before anything spawns.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gatehouseDirs } from '../../../src/main/common/dirs';
import { pythonLaunchSpec, serverDataDir, startupTimeoutIssue } from '../../../src/main/runtime/launch';
import { PythonEntrySchema, pythonServerSpec, type PythonServerSpec } from '../../../src/main/runtime/python-entry';
import { header, writeFakeUv } from './helpers/runtime-root';

let base: string;
let uv: string;
let spec: PythonServerSpec;
let env: NodeJS.ProcessEnv;

beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'gatehouse-launch-')));
  mkdirSync(join(base, 'project/servers'), { recursive: true });
  writeFileSync(join(base, 'project/servers/notes.py'), header(['mcp==2.2.0']));
  mkdirSync(join(base, 'cache'));
  uv = writeFakeUv(join(base, 'bin'));
  env = { PATH: join(base, 'bin'), HOME: base, LANG: 'C.UTF-8', UV_NATIVE_TLS: '1', UV_CACHE_DIR: '/inherited', GATEWAY_ONLY_TOKEN: 'gateway-secret' };
  const entry = PythonEntrySchema.parse({ script: 'servers/notes.py', root: '.', args: ['--flag'], offline: true, cacheDir: join(base, 'cache'), python: '/usr/bin/python3' });
  spec = pythonServerSpec('notes', entry, { NOTES_KEY: 'x' }, join(base, 'project'));
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const launch = (overrides: Partial<PythonServerSpec> = {}, dataDir: string | null = null) =>
  pythonLaunchSpec({ ...spec, ...overrides }, { gatewayEnv: env, childEnv: { HOME: base, NOTES_KEY: 'x' }, dataDir, dirs: gatehouseDirs(env, base, 'linux') });

describe('pythonLaunchSpec', () => {
  it('builds the uv argv, cwd and environment', async () => {
    const result = await launch({}, join(base, 'state/servers/notes'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.command).toBe(uv);
    expect(result.value.args).toEqual(['run', '--offline', '--python', '/usr/bin/python3', '--script', join(base, 'project/servers/notes.py'), '--flag']);
    expect(result.value.cwd).toBe(join(base, 'project'));
    expect(result.value.url).toBeNull();
    expect(result.value.env).toMatchObject({
      HOME: base,
      LANG: 'C.UTF-8',
      NOTES_KEY: 'x',
      UV_NATIVE_TLS: '1',
      UV_CACHE_DIR: join(base, 'cache'), // the configured cache overrides the inherited one
      PYTHONNOUSERSITE: '1',
      GATEHOUSE_DATA_DIR: join(base, 'state/servers/notes'),
    });
    expect(result.value.env.GATEWAY_ONLY_TOKEN).toBeUndefined();
    expect(statSync(join(base, 'state/servers/notes')).mode & 0o777).toBe(0o700);
  });

  it('omits --offline and --python when not configured and keeps an inherited UV_CACHE_DIR', async () => {
    const result = await launch({ offline: false, python: null, cacheDir: null, args: [] });
    expect(result.ok && result.value.args).toEqual(['run', '--script', join(base, 'project/servers/notes.py')]);
    expect(result.ok && result.value.env.UV_CACHE_DIR).toBe('/inherited');
  });

  it.each(['PYTHONPATH', 'PYTHONHOME', 'PYTHONSTARTUP', 'PYTHONUSERBASE'])('rejects %s in the server env before spawn', async (name) => {
    const result = await launch({ env: { [name]: '/x' } });
    expect(result.ok ? null : result.issue).toMatchObject({ code: 'runtime.config-invalid', subject: 'server:notes' });
  });

  it('refuses unsafe scripts, roots and caches', async () => {
    const codeOf = async (overrides: Partial<PythonServerSpec>) => {
      const result = await launch(overrides);
      return result.ok ? null : result.issue.code;
    };
    expect(await codeOf({ script: '../outside.py' })).toBe('runtime.path-unsafe');
    expect(await codeOf({ script: '/abs/notes.py' })).toBe('runtime.path-unsafe');
    expect(await codeOf({ script: 'servers/missing.py' })).toBe('runtime.path-unreadable');
    symlinkSync(join(base, 'project/servers/notes.py'), join(base, 'project/servers/link.py'));
    expect(await codeOf({ script: 'servers/link.py' })).toBe('runtime.path-unsafe');
    symlinkSync(join(base, 'project'), join(base, 'project-link'));
    expect(await codeOf({ root: join(base, 'project-link') })).toBe('runtime.path-unsafe');
    expect(await codeOf({ cacheDir: 'relative' })).toBe('runtime.cache-unsafe');
    expect(await codeOf({ cacheDir: join(base, 'no-cache') })).toBe('runtime.cache-unavailable');
    expect(await codeOf({ cacheDir: join(base, 'project') })).toBe('runtime.cache-unsafe');
  });

  it('checks loopback rules for an HTTP script and dials a literal address', async () => {
    const good = await launch({ http: { host: 'localhost', port: 8123, path: '/mcp' } });
    expect(good.ok && good.value.url).toBe('http://127.0.0.1:8123/mcp');
    const bad = await launch({ http: { host: '0.0.0.0', port: 8123, path: '/mcp' } });
    expect(bad.ok ? null : bad.issue).toMatchObject({ code: 'runtime.loopback-required', message: 'server "notes": streamable HTTP host must be loopback' });
  });

  it('reports a missing uv', async () => {
    env.PATH = join(base, 'nowhere');
    const result = await launch();
    expect(result.ok ? null : result.issue.code).toBe('runtime.uv-missing');
  });
});

describe('config entry and helpers', () => {
  it('validates the gatehouse.python object strictly', () => {
    expect(PythonEntrySchema.safeParse({ script: 'a.py', unknown: 1 }).success).toBe(false);
    expect(PythonEntrySchema.safeParse({ script: '' }).success).toBe(false);
    expect(PythonEntrySchema.parse({ script: 'a.py' })).toEqual({ script: 'a.py', args: [], offline: false });
  });

  it('resolves a relative root against the config folder and defaults to it', () => {
    expect(pythonServerSpec('x', PythonEntrySchema.parse({ script: 'a.py', root: 'sub' }), {}, '/cfg').root).toBe('/cfg/sub');
    expect(pythonServerSpec('x', PythonEntrySchema.parse({ script: 'a.py' }), {}, '/cfg').root).toBe('/cfg');
  });

  it('gives each server its own data folder and names startup timeouts', () => {
    const dirs = gatehouseDirs({ XDG_STATE_HOME: '/s' }, '/h', 'linux');
    expect(serverDataDir(dirs, 'notes')).toBe('/s/gatehouse/servers/notes');
    expect(serverDataDir(dirs, 'a:b')).toBe('/s/gatehouse/servers/a%3Ab');
    expect(startupTimeoutIssue(spec, 30000, 'Downloading')).toMatchObject({ code: 'runtime.startup-timeout', subject: 'server:notes' });
  });

  it('never turns a name into a folder outside servers/: "..", "." and names with a separator get none (issue 11, item 12)', async () => {
    const dirs = gatehouseDirs({ XDG_STATE_HOME: '/s' }, '/h', 'linux');
    for (const name of ['..', '.', 'a/b', 'a\\b', '../x']) expect(serverDataDir(dirs, name)).toBeNull();
    const refused = await launch({ name: '..' }, join(base, 'state'));
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.issue).toMatchObject({ code: 'runtime.config-invalid', subject: 'server:..' });
    expect(refused.issue.message).toBe('server "..": the name is invalid: a name is not "." or ".."; rename the entry');
    expect(statSync(join(base, 'state'), { throwIfNoEntry: false })).toBeUndefined();
  });
});
