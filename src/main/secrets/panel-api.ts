// The core's side of the panel's secret channels: list (names, scopes, presence, last-changed), set
// (write-only: the value goes in and never comes back) and delete. Results carry codes, messages and
// next steps, never a value. A value set here is registered with the redactor at once.
import { SecretsError } from './errors';
import { buildListing, type SecretListing } from './listing';
import type { SecretValues } from '../redaction/secret-values';
import { secretFloorProblem } from '../redaction/secret-floor';
import { describeScope, scopeRef, type SecretScope } from './scopes';
import type { SecretStore } from './store';

export interface SecretRefInput {
  scope: SecretScope;
  name: string;
  tenant?: string | null;
}

export interface SecretWriteInput extends SecretRefInput {
  value: string;
}

export interface SecretWriteResult {
  ok: boolean;
  code: string | null;
  message: string;
  next_step: string | null;
  last_changed: string | null;
}

export interface SecretsPanelApi {
  listSecrets(input: { tenant?: string | null }): Promise<SecretListing>;
  setSecret(input: SecretWriteInput): Promise<SecretWriteResult>;
  deleteSecret(input: SecretRefInput): Promise<SecretWriteResult>;
}

export interface PanelApiOptions {
  store: SecretStore;
  projectRoot: string | null;
  env: NodeJS.ProcessEnv;
  /** The pipeline's secret-values stage: a value stored here is scrubbed from everything at once. */
  secretValues?: SecretValues | null;
}

/** The scope errors' own next steps name CLI flags; the panel has its own controls. */
const PANEL_NEXT_STEP: Partial<Record<string, string>> = {
  scope_needs_project: 'open Gatehouse for a project (or use user scope)',
  scope_needs_tenant: 'choose a tenant first',
};

function failure(error: unknown): SecretWriteResult {
  if (error instanceof SecretsError) {
    return { ok: false, code: error.code, message: error.message, next_step: PANEL_NEXT_STEP[error.code] ?? error.nextStep, last_changed: null };
  }
  // Anything else is unexpected; its text could come from anywhere, so only its kind is shown.
  return { ok: false, code: 'internal_error', message: `unexpected ${error instanceof Error ? error.name : 'error'} while changing the secret`, next_step: 'see the Gatehouse log', last_changed: null };
}

export function createSecretsPanelApi(options: PanelApiOptions): SecretsPanelApi {
  const { store, projectRoot, env } = options;
  return {
    listSecrets: ({ tenant }) => buildListing(store, { projectRoot, tenant: tenant ?? null, env }, { probe: true }),
    async setSecret({ scope, name, value, tenant }) {
      try {
        const ref = scopeRef(scope, { projectRoot, tenant: tenant ?? null });
        const entry = await store.set(ref, name, value);
        options.secretValues?.add(value);
        // Stored as asked, but a value below the floor cannot be scrubbed reliably: say so, never silently.
        const weak = secretFloorProblem(value);
        const note = weak ? `; note: the value is ${weak}, so Gatehouse cannot scrub it from output reliably` : '';
        return { ok: true, code: null, message: `${name} stored in ${describeScope(ref)}${note}`, next_step: null, last_changed: entry.changed_at };
      } catch (error) {
        return failure(error);
      }
    },
    async deleteSecret({ scope, name, tenant }) {
      try {
        const ref = scopeRef(scope, { projectRoot, tenant: tenant ?? null });
        const outcome = await store.delete(ref, name);
        const found = outcome.removedFromKeychain || outcome.removedFromIndex;
        return {
          ok: found,
          code: found ? null : 'not_found',
          message: found ? `${name} deleted from ${describeScope(ref)}` : `${name} is not stored in ${describeScope(ref)}`,
          next_step: null,
          last_changed: null,
        };
      } catch (error) {
        return failure(error);
      }
    },
  };
}
