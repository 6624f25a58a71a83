// Turns what the platform keychain says when it cannot be used into the `keychain_unavailable` state:
// a reason code, the library's own words (they name no secret) and the operator's next step.
import { SecretsError, type KeychainUnavailableReason } from './errors';

export type KeychainState =
  | { available: true; backend: string }
  | { available: false; reason: KeychainUnavailableReason; detail: string; next_step: string };

const ENV_FALLBACK = 'Until then Gatehouse uses only variables set in its own process environment; it never writes secrets to a file.';

const NEXT_STEP: Record<KeychainUnavailableReason, string> = {
  no_session_bus:
    'Run Gatehouse inside your desktop session, or start a session bus with a Secret Service for headless use: ' +
    "dbus-run-session -- sh -c 'gnome-keyring-daemon --unlock --components=secrets < password-file; exec gatehouse serve'. " +
    ENV_FALLBACK,
  keyring_locked:
    'Unlock your login keyring (log in to the desktop session, or run gnome-keyring-daemon --unlock with the keyring ' +
    'password on stdin), or create a default keyring in Seahorse / KeePassXC, then retry. ' +
    ENV_FALLBACK,
  native_module_missing:
    `Reinstall Gatehouse: the @napi-rs/keyring native module for this platform is missing. ${ENV_FALLBACK}`,
  platform_error:
    process.platform === 'darwin'
      ? `Unlock the login keychain in Keychain Access, then retry. ${ENV_FALLBACK}`
      : process.platform === 'win32'
        ? `Check that Windows Credential Manager is running for this user, then retry. ${ENV_FALLBACK}`
        : `Check that a Secret Service provider (gnome-keyring or KeePassXC) runs in this session, then retry. ${ENV_FALLBACK}`,
};

export function backendName(): string {
  if (process.platform === 'darwin') return 'macos-keychain';
  if (process.platform === 'win32') return 'windows-credential-manager';
  return 'secret-service';
}

/** Null when the message is an ordinary failure of one entry rather than the store being out of reach. */
export function unavailableReason(message: string): KeychainUnavailableReason | null {
  if (/DBUS_SESSION_BUS_ADDRESS|D-?Bus error|autolaunch|Failed to connect to socket|org\.freedesktop\.DBus\.Error\.(ServiceUnknown|NoReply|Spawn)/i.test(message)) {
    return 'no_session_bus';
  }
  if (/no result found|locked|prompt|dismissed/i.test(message)) return 'keyring_locked';
  if (/platform storage|Platform failure|No Storage|NoStorageAccess/i.test(message)) return 'platform_error';
  return null;
}

export function unavailableState(reason: KeychainUnavailableReason, detail: string): UnavailableState {
  return { available: false, reason, detail: detail.slice(0, 300), next_step: NEXT_STEP[reason] };
}

export type UnavailableState = Extract<KeychainState, { available: false }>;

/** keychain_unavailable, carrying the state so callers can show it as it is without re-parsing. */
export class KeychainUnavailableError extends SecretsError {
  constructor(readonly state: UnavailableState) {
    super('keychain_unavailable', `the OS keychain is unavailable (${state.reason}): ${state.detail}`, state.next_step, { reason: state.reason });
  }
}

export function unavailableError(state: UnavailableState): KeychainUnavailableError {
  return new KeychainUnavailableError(state);
}
