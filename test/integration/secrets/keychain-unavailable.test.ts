// The keychain_unavailable state, seen from real child processes: one with no D-Bus session bus at all,
// one in a session whose Secret Service has no unlocked keyring. Neither writes a value anywhere.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bundleEntry, type Bundle } from './helpers/bundle';
import { runChild } from './helpers/cli-run';
import { canaryValue } from './helpers/keychain-session';

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);
let status: Bundle;
let cli: Bundle;
let resolver: Bundle;
beforeAll(async () => {
  [status, cli, resolver] = await Promise.all([bundleEntry(fixture('keychain-status.ts')), bundleEntry(fixture('secrets-cli.ts')), bundleEntry(fixture('resolve-report.ts'))]);
});
afterAll(() => {
  for (const bundle of [status, cli, resolver]) bundle?.cleanup();
});

let root: string;
let home: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gatehouse-nokeychain-'));
  home = join(root, 'home');
  mkdirSync(join(home, 'run'), { recursive: true, mode: 0o700 });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A minimal environment with a fresh HOME and no session bus address. */
function noBusEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '', GATEHOUSE_CATALOG_INDEX: process.env.GATEHOUSE_CATALOG_INDEX ?? '',
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_RUNTIME_DIR: join(home, 'run'),
    GATEHOUSE_KEYCHAIN_SERVICE: 'dev.gatehouse.test.unavailable',
    ...extra,
  };
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((entry) => join(dir, entry)).filter((path) => statSync(path).isFile());
}

/** Runs a bundled entry inside its own D-Bus session whose gnome-keyring was started but never unlocked. */
function inLockedSession(entry: string, args: string[], input = '') {
  const script = 'gnome-keyring-daemon --start --components=secrets >/dev/null 2>&1; exec "$@"';
  return spawnSync('dbus-run-session', ['--', 'sh', '-c', script, 'locked', process.execPath, entry, ...args], {
    env: noBusEnv(), cwd: root, input, encoding: 'utf8', timeout: 30_000,
  });
}

describe('without a D-Bus session bus', () => {
  it('reports keychain_unavailable with the reason and the next step, and refuses to store', () => {
    const result = spawnSync(process.execPath, [status.file, 'dev.gatehouse.test.unavailable', join(home, 'index.json')], { env: noBusEnv(), encoding: 'utf8' });
    expect(result.status).toBe(0);
    const { state, write } = JSON.parse(result.stdout);
    expect(state).toMatchObject({ available: false, reason: 'no_session_bus' });
    expect(state.detail).toContain('DBUS_SESSION_BUS_ADDRESS');
    expect(state.next_step).toContain('dbus-run-session');
    expect(state.next_step).toContain('process environment');
    expect(write).toMatchObject({ ok: false, error: { code: 'keychain_unavailable', details: { reason: 'no_session_bus' } } });
    expect(existsSync(join(home, 'index.json'))).toBe(false);
  });

  it('secrets set exits 69 with the next step and leaves no plaintext anywhere', () => {
    const value = canaryValue();
    const result = runChild(cli.file, ['set', 'NOBUS_TOKEN'], { env: noBusEnv(), cwd: root, input: `${value}\n` });
    expect(result.code).toBe(69);
    expect(result.stderr).toContain('gatehouse: the OS keychain is unavailable (no_session_bus)');
    expect(result.stderr).toContain('next step: Run Gatehouse inside your desktop session');
    expect(result.stdout + result.stderr).not.toContain(value);
    for (const file of filesUnder(root)) expect(readFileSync(file, 'utf8'), file).not.toContain(value);
    expect(existsSync(join(home, '.config', 'gatehouse', 'secrets-index.json'))).toBe(false);
  });

  it('secrets list still answers from the index and shows the state', () => {
    const result = runChild(cli.file, ['list'], { env: noBusEnv(), cwd: root });
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^Keychain: unavailable \(no_session_bus\): /);
    expect(result.stdout).toContain('next step: ');
    const json = JSON.parse(runChild(cli.file, ['list', '--json'], { env: noBusEnv(), cwd: root }).stdout);
    expect(json.keychain).toMatchObject({ available: false, reason: 'no_session_bus' });
  });

  it('resolution falls back to the process environment only, and says why the rest is missing', () => {
    const result = runChild(resolver.file, ['FROM_ENV_TOKEN', 'KEYCHAIN_ONLY_TOKEN'], { env: noBusEnv({ FROM_ENV_TOKEN: 'env-value' }), cwd: root });
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.scopes).toEqual({ FROM_ENV_TOKEN: 'env' });
    expect(report.missing).toEqual(['KEYCHAIN_ONLY_TOKEN']);
    expect(report.keychain).toMatchObject({ available: false, reason: 'no_session_bus' });
    expect(result.stdout).not.toContain('env-value');
  });
});

describe('with a Secret Service but no unlocked keyring', () => {
  it('reports keyring_locked and refuses to store', () => {
    const result = inLockedSession(status.file, ['dev.gatehouse.test.locked', join(home, 'index.json')]);
    expect(result.status, result.stderr).toBe(0);
    const { state, write } = JSON.parse(result.stdout);
    expect(state).toMatchObject({ available: false, reason: 'keyring_locked' });
    expect(state.next_step).toContain('Unlock your login keyring');
    expect(write).toMatchObject({ ok: false, error: { code: 'keychain_unavailable', details: { reason: 'keyring_locked' } } });
  });

  it('tells a locked keyring apart from a name that was never stored', () => {
    // The index says LOCKED_TOKEN was stored; the locked keychain answers reads with "nothing there".
    mkdirSync(join(home, '.config', 'gatehouse'), { recursive: true });
    writeFileSync(join(home, '.config', 'gatehouse', 'secrets-index.json'), JSON.stringify({
      version: 1,
      entries: [{ scope: 'user', project_root: null, tenant: null, name: 'LOCKED_TOKEN', changed_at: '2026-01-01T00:00:00.000Z' }],
    }));
    const locked = inLockedSession(resolver.file, ['LOCKED_TOKEN']);
    expect(locked.status, locked.stderr).toBe(0);
    expect(JSON.parse(locked.stdout)).toMatchObject({ missing: ['LOCKED_TOKEN'], keychain: { available: false, reason: 'keyring_locked' } });
    const neverStored = inLockedSession(resolver.file, ['NEVER_STORED_TOKEN']);
    expect(JSON.parse(neverStored.stdout)).toEqual({ scopes: {}, missing: ['NEVER_STORED_TOKEN'], keychain: null });
  });
});
