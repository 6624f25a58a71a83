import type { SecretListing, SecretScope } from './secrets-slice';

export const SCOPES: readonly SecretScope[] = ['user', 'project', 'tenant'];

/**
 * Mirrors SecretName in src/shared/secrets.ts. Copied rather than imported so zod stays out of the
 * renderer bundle; main validates again, so a drift here only costs a friendlier message.
 */
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function nameProblem(name: string): string | null {
  if (name === '') return null;
  if (name.length > 256) return 'at most 256 characters';
  return NAME.test(name) ? null : 'letters, digits and _, not starting with a digit';
}

/**
 * Which scopes the core can write to from here. Project and tenant scopes live under a project root;
 * tenant also needs a tenant, and the panel lists without one, so offering it would only earn a refusal.
 */
export function scopeAvailable(scope: SecretScope, listing: SecretListing | null): boolean {
  if (scope === 'user') return true;
  if (!listing?.project_root) return false;
  return scope === 'project' || listing.tenant !== null;
}

export function scopeHint(scope: SecretScope, listing: SecretListing | null): string {
  if (scope === 'user') return 'User scope: every project on this machine can use it.';
  if (scope === 'project') return `Project scope: only ${listing?.project_root ?? 'this project'}.`;
  return `Tenant scope: only tenant ${listing?.tenant ?? '(none chosen)'} in this project.`;
}

const LABELS: Record<SecretScope, string> = { user: 'User', project: 'Project', tenant: 'Tenant' };

export function scopeLabel(scope: SecretScope, listing: SecretListing | null): string {
  const label = LABELS[scope];
  if (scopeAvailable(scope, listing)) return label;
  return `${label} (${listing?.project_root ? 'no tenant chosen' : 'no project open'})`;
}
