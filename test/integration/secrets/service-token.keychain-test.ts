// `gatehouse service install --auth keychain` (issue 19) against the real Secret Service: a new random
// GATEHOUSE_AUTH_TOKEN is stored in the keychain (user scope) and kept on reinstall; the unit names no
// token file and holds no token; nothing prints it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { createSecretStore } from '../../../src/main/secrets/store';
import { requireBuild } from '../../helpers/cli-process';
import { keychainCoreEnv } from '../../helpers/keychain-env';
import { CLI_ENTRY } from '../../helpers/workspace';
import { requireKeychainSession } from './helpers/keychain-session';

beforeEach(requireKeychainSession);
const home = mkdtempSync(join(tmpdir(), 'gatehouse-service-keychain-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

it('stores a new token in the keychain once, keeps it on reinstall, and never writes or prints it', async () => {
  requireBuild();
  const env = keychainCoreEnv(home, 'service');
  const install = () => spawnSync(process.execPath, [CLI_ENTRY, 'service', 'install', '--auth', 'keychain', '--write'], { env, encoding: 'utf8', timeout: 60_000 });
  const first = install();
  expect(first.stdout).toContain('keychain token created');
  const store = createSecretStore({ env, homeDir: home });
  const token = await store.get({ scope: 'user' }, 'GATEHOUSE_AUTH_TOKEN');
  expect(token?.length ?? 0).toBeGreaterThanOrEqual(40);
  const unit = readFileSync(join(home, '.config', 'systemd', 'user', 'gatehouse.service'), 'utf8');
  expect(unit).not.toContain('EnvironmentFile');
  expect(unit).toContain('--auth shared-secret');
  expect(unit).not.toContain(token ?? 'no token');
  expect(`${first.stdout}${first.stderr}`).not.toContain(token ?? 'no token');
  const second = install();
  expect(second.stdout).toContain('keychain token kept');
  expect(await store.get({ scope: 'user' }, 'GATEHOUSE_AUTH_TOKEN')).toBe(token);
});
