// The keychain tests use the real Secret Service of a private session started by
// scripts/with-keychain.sh. Outside one they fail with the command to use: a skipped keychain test
// would look green while proving nothing, and touching the operator's own keychain is not acceptable.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOsKeychain, type KeychainBackend } from '../../../../src/main/secrets/keychain';
import { SecretStore } from '../../../../src/main/secrets/store';

export function keychainSessionPresent(): boolean {
  return process.env.GATEHOUSE_TEST_KEYCHAIN === '1' && Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
}

/** Use as beforeEach, so each test fails (a failing beforeAll would only mark them skipped). */
export function requireKeychainSession(): void {
  if (!keychainSessionPresent()) {
    throw new Error(
      'the keychain tests need a private D-Bus session with an unlocked gnome-keyring; run them through ' +
        'scripts/with-keychain.sh, e.g. "bash scripts/with-keychain.sh npx vitest run --project keychain"',
    );
  }
}

/** Counts keychain calls so tests can prove an operation read no value. */
export interface CountingBackend extends KeychainBackend {
  calls: { get: string[]; set: string[]; delete: string[] };
}

export function countingBackend(inner: KeychainBackend): CountingBackend {
  const calls = { get: [] as string[], set: [] as string[], delete: [] as string[] };
  return {
    service: inner.service,
    calls,
    get: (account) => {
      calls.get.push(account);
      return inner.get(account);
    },
    set: (account, value) => {
      calls.set.push(account);
      return inner.set(account, value);
    },
    delete: (account) => {
      calls.delete.push(account);
      return inner.delete(account);
    },
  };
}

export interface TestKeychain {
  /** A folder for the index, projects and env files; removed by cleanup(). */
  dir: string;
  service: string;
  backend: CountingBackend;
  store: SecretStore;
  indexPath: string;
  cleanup(): void;
}

/** A store on its own keychain service name, so tests never see each other's entries. */
export function testKeychain(): TestKeychain {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-secrets-'));
  const service = `dev.gatehouse.test.${randomBytes(4).toString('hex')}`;
  const backend = countingBackend(createOsKeychain(service));
  const indexPath = join(dir, 'config', 'gatehouse', 'secrets-index.json');
  return {
    dir,
    service,
    backend,
    store: new SecretStore({ indexPath, backend }),
    indexPath,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A unique value that must never appear anywhere but the keychain and the child that needs it. */
export function canaryValue(label = 'canary'): string {
  return `${label}-${randomBytes(12).toString('hex')}`;
}
