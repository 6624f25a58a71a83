// The keychain tests must fail, not skip, outside the session scripts/with-keychain.sh provides.
import { afterEach, describe, expect, it } from 'vitest';
import { requireKeychainSession } from '../../integration/secrets/helpers/keychain-session';

const saved = { marker: process.env.GATEHOUSE_TEST_KEYCHAIN, bus: process.env.DBUS_SESSION_BUS_ADDRESS };
afterEach(() => {
  for (const [key, value] of [['GATEHOUSE_TEST_KEYCHAIN', saved.marker], ['DBUS_SESSION_BUS_ADDRESS', saved.bus]] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

describe('requireKeychainSession', () => {
  it('throws with the command to use when the marker or the bus is missing', () => {
    delete process.env.GATEHOUSE_TEST_KEYCHAIN;
    process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent';
    expect(requireKeychainSession).toThrow('run them through scripts/with-keychain.sh');
    process.env.GATEHOUSE_TEST_KEYCHAIN = '1';
    delete process.env.DBUS_SESSION_BUS_ADDRESS;
    expect(requireKeychainSession).toThrow('bash scripts/with-keychain.sh npx vitest run --project keychain');
    process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent';
    expect(requireKeychainSession).not.toThrow();
  });
});
