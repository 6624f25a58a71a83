// The secret store: values in the OS keychain, names in the index file. Listing reads only the index;
// values are read only to resolve `${VAR}` for a child, to compare during import or sync, and never
// leave the main process.
import { homedir } from 'node:os';
import { type IndexEntry, SecretsIndex } from './index-file';
import { createOsKeychain, probeKeychain, type KeychainBackend } from './keychain';
import type { KeychainState } from './keychain-state';
import { checkName, checkValue } from './names';
import { keychainService, secretsIndexPath } from './paths';
import { accountFor, type ScopeRef } from './scopes';

export interface SecretStoreOptions {
  indexPath: string;
  backend: KeychainBackend;
}

export interface DeleteOutcome {
  /** False when the keychain had no such entry (it may have been removed outside Gatehouse). */
  removedFromKeychain: boolean;
  removedFromIndex: boolean;
}

export class SecretStore {
  readonly index: SecretsIndex;
  readonly backend: KeychainBackend;

  constructor(options: SecretStoreOptions) {
    this.index = new SecretsIndex(options.indexPath);
    this.backend = options.backend;
  }

  get indexPath(): string {
    return this.index.path;
  }

  /** Probes with a throwaway write; see probeKeychain for why a read is not enough. */
  status(): Promise<KeychainState> {
    return probeKeychain(this.backend);
  }

  async set(ref: ScopeRef, name: string, value: string): Promise<IndexEntry> {
    checkName(name);
    checkValue(value, name);
    await this.backend.set(accountFor(ref, name), value);
    return this.index.upsert(ref, name);
  }

  /** Main-process use only (resolution, import and sync comparisons); no IPC channel or CLI prints this. */
  async get(ref: ScopeRef, name: string): Promise<string | null> {
    checkName(name);
    return this.backend.get(accountFor(ref, name));
  }

  async delete(ref: ScopeRef, name: string): Promise<DeleteOutcome> {
    checkName(name);
    const removedFromKeychain = await this.backend.delete(accountFor(ref, name));
    const removedFromIndex = await this.index.remove(ref, name);
    return { removedFromKeychain, removedFromIndex };
  }

  /** Names, scopes and last-changed times from the index; touches no keychain entry. */
  list(): Promise<IndexEntry[]> {
    return this.index.entries();
  }
}

export interface StoreLocation {
  env: NodeJS.ProcessEnv;
  homeDir?: string;
}

export function createSecretStore(location: StoreLocation, backend?: KeychainBackend): SecretStore {
  const home = location.homeDir ?? homedir();
  return new SecretStore({
    indexPath: secretsIndexPath(location.env, home),
    backend: backend ?? createOsKeychain(keychainService(location.env)),
  });
}

const defaults = new Map<string, SecretStore>();

/** One store per keychain service and index file, shared by the core, the CLI and the resolver. */
export function defaultSecretStore(env: NodeJS.ProcessEnv, homeDir = homedir()): SecretStore {
  const key = `${keychainService(env)}\0${secretsIndexPath(env, homeDir)}`;
  let store = defaults.get(key);
  if (!store) {
    store = createSecretStore({ env, homeDir });
    defaults.set(key, store);
  }
  return store;
}
