// What the CLI's `secrets list` and the panel show: for each name visible from a project (and tenant),
// whether each scope holds it, when it last changed, whether the process environment overrides it, and
// which source resolution would use. Built from the index and the environment's names; reads no value.
import { entryRef, type IndexEntry } from './index-file';
import type { KeychainState } from './keychain-state';
import type { ResolvedScope } from './resolver';
import { scopeRef, sameScope, type ScopeRef, type SecretScope } from './scopes';
import type { SecretStore } from './store';

export interface ScopePresence {
  present: boolean;
  last_changed: string | null;
}

export interface SecretListingRow {
  name: string;
  /** The process environment sets this name, so it wins over every keychain scope. */
  env: boolean;
  /** Where resolution would take the value from now. */
  effective: ResolvedScope | null;
  user: ScopePresence;
  project: ScopePresence;
  tenant: ScopePresence;
}

export interface SecretListing {
  keychain: KeychainState | null;
  index_path: string;
  project_root: string | null;
  tenant: string | null;
  names: SecretListingRow[];
}

export interface ListingContext {
  projectRoot: string | null;
  tenant?: string | null;
  env: NodeJS.ProcessEnv;
}

const ABSENT: ScopePresence = { present: false, last_changed: null };

function contextScopes(context: ListingContext): Partial<Record<SecretScope, ScopeRef>> {
  const scopes: Partial<Record<SecretScope, ScopeRef>> = { user: { scope: 'user' } };
  if (context.projectRoot) {
    scopes.project = scopeRef('project', context);
    if (context.tenant) scopes.tenant = scopeRef('tenant', context);
  }
  return scopes;
}

export function listingRows(entries: IndexEntry[], context: ListingContext): SecretListingRow[] {
  const scopes = contextScopes(context);
  const rows = new Map<string, SecretListingRow>();
  for (const entry of entries) {
    const ref = entryRef(entry);
    const wanted = scopes[entry.scope];
    if (!ref || !wanted || !sameScope(ref, wanted)) continue;
    const env = context.env[entry.name] !== undefined && context.env[entry.name] !== '';
    const row = rows.get(entry.name) ?? { name: entry.name, env, effective: null, user: ABSENT, project: ABSENT, tenant: ABSENT };
    row[entry.scope] = { present: true, last_changed: entry.changed_at };
    rows.set(entry.name, row);
  }
  for (const row of rows.values()) {
    row.effective = row.env ? 'env' : row.tenant.present ? 'tenant' : row.project.present ? 'project' : row.user.present ? 'user' : null;
  }
  return [...rows.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export async function buildListing(store: SecretStore, context: ListingContext, options: { probe: boolean }): Promise<SecretListing> {
  const entries = await store.list();
  const scopes = contextScopes(context);
  return {
    keychain: options.probe ? await store.status() : null,
    index_path: store.indexPath,
    project_root: scopes.project?.scope === 'project' ? scopes.project.projectRoot : null,
    tenant: scopes.tenant?.scope === 'tenant' ? scopes.tenant.tenant : null,
    names: listingRows(entries, context),
  };
}
