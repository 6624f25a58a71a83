// Secret scopes and how they map onto keychain accounts. All entries live under one service name
// (default "dev.gatehouse"); the account is `scope:key:NAME`:
//
//   user      user::GITHUB_TOKEN                      key is empty
//   project   project:/home/u/src/app:GITHUB_TOKEN    key is the canonical (realpath) project root
//   tenant    tenant:/home/u/src/app#acme:GITHUB_TOKEN key is `<canonical project root>#<tenant id>`
//
// Names and tenant ids never contain ':' or '#', so the first ':' ends the scope and the last ':' starts
// the name even when the root itself holds ':' (Windows drive letters).
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { SecretsError } from './errors';

export type SecretScope = 'user' | 'project' | 'tenant';
export const SECRET_SCOPES: readonly SecretScope[] = ['user', 'project', 'tenant'];

export type ScopeRef =
  | { scope: 'user' }
  | { scope: 'project'; projectRoot: string }
  | { scope: 'tenant'; projectRoot: string; tenant: string };

export const TENANT_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** The same project reached through a symlink must find the same secrets. */
export function canonicalProjectRoot(dir: string): string {
  try {
    return realpathSync.native(resolve(dir));
  } catch {
    return resolve(dir);
  }
}

export function isSecretScope(value: string): value is SecretScope {
  return (SECRET_SCOPES as readonly string[]).includes(value);
}

/** Builds a scope reference, or explains which flag or context is missing. */
export function scopeRef(scope: SecretScope, context: { projectRoot: string | null; tenant?: string | null }): ScopeRef {
  if (scope === 'user') return { scope };
  if (!context.projectRoot) {
    throw new SecretsError(
      'scope_needs_project',
      `${scope} scope needs a project, and none was found from the working directory`,
      'run the command inside the project, or name it with --project DIR',
      { scope },
    );
  }
  const projectRoot = canonicalProjectRoot(context.projectRoot);
  if (scope === 'project') return { scope, projectRoot };
  const tenant = context.tenant ?? null;
  if (tenant === null || tenant === '') {
    throw new SecretsError('scope_needs_tenant', 'tenant scope needs a tenant id', 'name it with --tenant ID', { scope });
  }
  checkTenant(tenant);
  return { scope, projectRoot, tenant };
}

export function checkTenant(tenant: string): void {
  if (!TENANT_PATTERN.test(tenant)) {
    throw new SecretsError(
      'invalid_tenant',
      'the tenant id is not valid (letters, digits, ".", "_" and "-", starting with a letter or digit, at most 128 characters)',
      'use a tenant id like acme or team-42',
    );
  }
}

export function scopeKey(ref: ScopeRef): string {
  if (ref.scope === 'user') return '';
  if (ref.scope === 'project') return ref.projectRoot;
  return `${ref.projectRoot}#${ref.tenant}`;
}

export function accountFor(ref: ScopeRef, name: string): string {
  return `${ref.scope}:${scopeKey(ref)}:${name}`;
}

export function parseAccount(account: string): { ref: ScopeRef; name: string } | null {
  const first = account.indexOf(':');
  const last = account.lastIndexOf(':');
  if (first < 0 || last <= first) return null;
  const scope = account.slice(0, first);
  const key = account.slice(first + 1, last);
  const name = account.slice(last + 1);
  if (!isSecretScope(scope)) return null;
  if (scope === 'user') return key === '' ? { ref: { scope }, name } : null;
  if (scope === 'project') return key ? { ref: { scope, projectRoot: key }, name } : null;
  const hash = key.lastIndexOf('#');
  if (hash <= 0) return null;
  return { ref: { scope, projectRoot: key.slice(0, hash), tenant: key.slice(hash + 1) }, name };
}

export function sameScope(a: ScopeRef, b: ScopeRef): boolean {
  return a.scope === b.scope && scopeKey(a) === scopeKey(b);
}

/** For messages: "user scope", "project scope (/home/u/app)", "tenant scope (acme in /home/u/app)". */
export function describeScope(ref: ScopeRef): string {
  if (ref.scope === 'user') return 'user scope';
  if (ref.scope === 'project') return `project scope (${ref.projectRoot})`;
  return `tenant scope (${ref.tenant} in ${ref.projectRoot})`;
}
