// The OS keychain through @napi-rs/keyring: macOS Keychain, Windows Credential Manager, or the Secret
// Service on Linux. The native module loads on first use, so a machine without it still runs everything
// that needs no secret. On Linux the store is pinned to the Secret Service: the library would otherwise
// fall back to the kernel keyring, which forgets everything at logout and behaved inconsistently.
import { SecretsError } from './errors';
import {
  backendName,
  KeychainUnavailableError,
  unavailableError,
  unavailableReason,
  unavailableState,
  type KeychainState,
} from './keychain-state';

export interface KeychainBackend {
  readonly service: string;
  get(account: string): Promise<string | null>;
  set(account: string, value: string): Promise<void>;
  delete(account: string): Promise<boolean>;
}

type KeyringModule = typeof import('@napi-rs/keyring');

const ENTRY_OPTIONS = { linux: { store: 'secret-service' as const } };
const PROBE_ACCOUNT = 'probe::GATEHOUSE_KEYCHAIN_PROBE';

let modulePromise: Promise<KeyringModule> | null = null;

async function loadModule(): Promise<KeyringModule> {
  modulePromise ??= import('@napi-rs/keyring');
  try {
    return await modulePromise;
  } catch (error) {
    modulePromise = null;
    throw unavailableError(unavailableState('native_module_missing', error instanceof Error ? error.message : String(error)));
  }
}

/** Store-level failures become keychain_unavailable; anything else names the variable's account. */
function translate(error: unknown, account: string, action: string): SecretsError {
  if (error instanceof SecretsError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const reason = unavailableReason(message);
  if (reason) return unavailableError(unavailableState(reason, message));
  return new SecretsError('keychain_error', `the keychain refused to ${action} ${account}: ${message.slice(0, 300)}`,
    'retry; if it keeps failing, remove the entry with your keychain tool and set it again', { account });
}

export function createOsKeychain(service: string): KeychainBackend {
  const entry = async (account: string) => new (await loadModule()).AsyncEntry(service, account, ENTRY_OPTIONS);
  return {
    service,
    async get(account) {
      try {
        return await (await entry(account)).getPassword();
      } catch (error) {
        throw translate(error, account, 'read');
      }
    },
    async set(account, value) {
      try {
        await (await entry(account)).setPassword(value);
      } catch (error) {
        throw translate(error, account, 'store');
      }
    },
    async delete(account) {
      try {
        return await (await entry(account)).deleteCredential();
      } catch (error) {
        throw translate(error, account, 'delete');
      }
    },
  };
}

/**
 * Whether the keychain can be written now. A write is the only reliable test: a locked Secret Service
 * answers reads with "nothing there" and fails only when asked to store.
 */
export async function probeKeychain(backend: KeychainBackend): Promise<KeychainState> {
  try {
    await backend.set(PROBE_ACCOUNT, `probe-${Date.now()}`);
    await backend.delete(PROBE_ACCOUNT);
    return { available: true, backend: backendName() };
  } catch (error) {
    if (error instanceof KeychainUnavailableError) return error.state;
    return unavailableState('platform_error', error instanceof Error ? error.message : String(error));
  }
}
