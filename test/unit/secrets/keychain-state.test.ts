import { describe, expect, it } from 'vitest';
import { unavailableReason, unavailableError, unavailableState } from '../../../src/main/secrets/keychain-state';

// The messages @napi-rs/keyring 2.1.2 gave on these machines in each situation.
const SEEN = {
  noBus: 'Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was disabled at compile time, set your DBUS_SESSION_BUS_ADDRESS instead',
  deadBus: 'Platform failure: DBus error: Failed to connect to socket /nonexistent/bus: No such file or directory',
  locked: "Couldn't access platform storage: Secret Service: no result found",
};

describe('keychain_unavailable state', () => {
  it('tells a missing session bus from a locked keyring', () => {
    expect(unavailableReason(SEEN.noBus)).toBe('no_session_bus');
    expect(unavailableReason(SEEN.deadBus)).toBe('no_session_bus');
    expect(unavailableReason(SEEN.locked)).toBe('keyring_locked');
    expect(unavailableReason("Couldn't access platform storage: something else")).toBe('platform_error');
    expect(unavailableReason('Attribute password is longer than platform limit of 2560 chars')).toBeNull();
  });

  it('gives a next step that names the fix and the environment-only fallback, never a plaintext file', () => {
    for (const reason of ['no_session_bus', 'keyring_locked', 'native_module_missing', 'platform_error'] as const) {
      const error = unavailableError(unavailableState(reason, 'detail'));
      expect(error.code).toBe('keychain_unavailable');
      expect(error.message).toContain(`(${reason})`);
      expect(error.nextStep).toContain('process environment');
      expect(error.nextStep).toContain('never writes secrets to a file');
    }
    expect(unavailableState('no_session_bus', SEEN.noBus).next_step).toContain('dbus-run-session');
    expect(unavailableState('keyring_locked', SEEN.locked).next_step).toContain('Unlock');
  });
});
