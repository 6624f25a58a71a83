// The secrets e2e test drives the real keychain of the private session scripts/with-keychain.sh starts.
// Outside one it fails with the command to use: a skipped test would look green while proving nothing,
// and writing into the operator's own keychain is not acceptable.
import { randomBytes } from 'node:crypto';
import { keychainCoreEnv as sharedKeychainCoreEnv } from '../../helpers/keychain-env';

export function keychainSessionPresent(): boolean {
  return process.env.GATEHOUSE_TEST_KEYCHAIN === '1' && Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
}

/** Use as beforeEach, so the test itself fails (a failing beforeAll would only mark it skipped). */
export function requireKeychainSession(): void {
  if (!keychainSessionPresent()) {
    throw new Error(
      'this e2e test needs a private D-Bus session with an unlocked gnome-keyring (GATEHOUSE_TEST_KEYCHAIN=1); ' +
        'run it through scripts/with-keychain.sh: "bash scripts/with-keychain.sh npx vitest run --project e2e"',
    );
  }
}

/** The core's environment for a keychain e2e test (its own home, bus and keychain service name). */
export const keychainCoreEnv = (home: string): NodeJS.ProcessEnv => sharedKeychainCoreEnv(home, 'test.e2e');

/** A unique value that must appear nowhere but the keychain. */
export function canaryValue(): string {
  return `e2e-canary-${randomBytes(12).toString('hex')}`;
}
