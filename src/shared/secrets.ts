// Secret shapes the panel and the core agree on. Names, scopes, presence and times only: no schema here
// can carry a stored value back to the renderer (setSecret's input is the one write-only way in).
import * as z from 'zod';
import { Answer, IsoTime } from './common-schemas';

export const SecretScope = z.enum(['user', 'project', 'tenant']);
export const SecretName = z.string().max(256).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a variable name: letters, digits and _, not starting with a digit');
export const TenantId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/);

export const KeychainState = z.discriminatedUnion('available', [
  z.object({ available: z.literal(true), backend: z.string() }),
  z.object({
    available: z.literal(false),
    reason: z.enum(['no_session_bus', 'keyring_locked', 'native_module_missing', 'platform_error']),
    detail: z.string(),
    next_step: z.string(),
  }),
]);

const ScopePresence = z.object({ present: z.boolean(), last_changed: IsoTime.nullable() });

export const SecretListing = z.object({
  keychain: KeychainState.nullable(),
  index_path: z.string(),
  project_root: z.string().nullable(),
  tenant: TenantId.nullable(),
  names: z.array(z.object({
    name: SecretName,
    env: z.boolean(),
    effective: z.enum(['env', 'tenant', 'project', 'user']).nullable(),
    user: ScopePresence,
    project: ScopePresence,
    tenant: ScopePresence,
  })),
});

export const SecretRefInput = z.object({ scope: SecretScope, name: SecretName, tenant: TenantId.nullish() }).strict();
// Write-only: the value goes main-ward once. No refinement message quotes it.
export const SecretWriteInput = SecretRefInput.extend({
  value: z.string().min(1).max(2560).refine((v) => !/[\r\n\0]/.test(v), 'the value must be one line'),
}).strict();

export const SecretWriteResult = Answer.extend({
  next_step: z.string().nullable(),
  last_changed: IsoTime.nullable(),
});
