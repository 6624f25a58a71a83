// `${VAR}` resolution for children and remote headers. Order, first non-empty value wins:
//   1. the gateway's process environment (what the operator explicitly exported)
//   2. tenant scope  (only with a project root and a tenant id)
//   3. project scope (only with a project root)
//   4. user scope
// A `${NAME:-fallback}` default applies after all four (interpolate.ts does that). Every resolved value
// is fed to the redactor when one is given, so it can be scrubbed from anything Gatehouse shows.
import type { KeychainState } from './keychain-state';
import { KeychainUnavailableError } from './keychain-state';
import { isForbiddenName, NAME_PATTERN } from './names';
import { entryRef } from './index-file';
import type { SecretValues } from '../redaction/secret-values';
import { scopeKey, scopeRef, type ScopeRef } from './scopes';
import { defaultSecretStore, type SecretStore } from './store';

export type ResolvedScope = 'env' | 'tenant' | 'project' | 'user';

export interface Resolution {
  value: string;
  scope: ResolvedScope;
}

export interface ResolveContext {
  projectRoot: string | null;
  tenant?: string | null;
  env: NodeJS.ProcessEnv;
  /** The keychain-backed store: omitted means the default one for `env`; null means environment only. */
  store?: SecretStore | null;
  /** The redaction pipeline's secret-values stage; every value resolved is registered with it. */
  secretValues?: SecretValues | null;
}

export interface ResolveReport {
  values: Map<string, Resolution>;
  /** Names found nowhere, sorted; the server needs them before it can start (E201, missing_auth). */
  missing: string[];
  /** Null when the keychain was not needed or answered normally; the unavailable state otherwise. */
  keychain: Extract<KeychainState, { available: false }> | null;
}

function keychainScopes(context: ResolveContext): ScopeRef[] {
  const refs: ScopeRef[] = [];
  if (context.projectRoot) {
    if (context.tenant) refs.push(scopeRef('tenant', context));
    refs.push(scopeRef('project', context));
  }
  refs.push({ scope: 'user' });
  return refs;
}

export async function resolveVariablesReport(names: string[], context: ResolveContext): Promise<ResolveReport> {
  const values = new Map<string, Resolution>();
  const pending: string[] = [];
  for (const name of new Set(names)) {
    const fromEnv = context.env[name];
    if (fromEnv !== undefined && fromEnv !== '') values.set(name, { value: fromEnv, scope: 'env' });
    // Forbidden names are never stored, so only the operator's environment can supply them.
    else if (NAME_PATTERN.test(name) && !isForbiddenName(name)) pending.push(name);
  }

  let keychain: ResolveReport['keychain'] = null;
  const store = context.store === undefined ? defaultSecretStore(context.env) : context.store;
  if (store && pending.length) {
    const scopes = keychainScopes(context);
    try {
      for (const name of pending) {
        for (const ref of scopes) {
          const value = await store.get(ref, name);
          if (value !== null && value !== '') {
            values.set(name, { value, scope: ref.scope });
            break;
          }
        }
      }
    } catch (error) {
      if (!(error instanceof KeychainUnavailableError)) throw error;
      keychain = error.state;
    }
    if (!keychain) keychain = await lockedWhileIndexed(store, scopes, pending.filter((n) => !values.has(n)));
  }

  for (const resolution of values.values()) context.secretValues?.add(resolution.value);
  const missing = [...new Set(names)].filter((name) => !values.has(name)).sort();
  return { values, missing, keychain };
}

/**
 * A locked Secret Service answers reads with "nothing there". When the index says a missing name was
 * stored in one of the scopes consulted, ask the keychain directly whether it can be used at all.
 */
async function lockedWhileIndexed(store: SecretStore, scopes: ScopeRef[], missing: string[]): Promise<ResolveReport['keychain']> {
  if (!missing.length) return null;
  const keys = new Set(scopes.map((ref) => `${ref.scope}|${scopeKey(ref)}`));
  const entries = await store.list().catch(() => []);
  const indexed = entries.some((entry) => {
    const ref = entryRef(entry);
    return ref !== null && missing.includes(entry.name) && keys.has(`${ref.scope}|${scopeKey(ref)}`);
  });
  if (!indexed) return null;
  const state = await store.status();
  return state.available ? null : state;
}

/** The map of name to value and scope, as the supervisor consumes it; see resolveVariablesReport. */
export async function resolveVariables(names: string[], context: ResolveContext): Promise<Map<string, Resolution>> {
  return (await resolveVariablesReport(names, context)).values;
}
