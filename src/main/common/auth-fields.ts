// The auth fields of contract §2.2 as an answer carries them at its top level. Errors keep them in
// their details (E201 for a missing ${VAR} or a refused credential, a URL elicitation); answers lift
// them out so a client reads auth_state and next_step without decoding the errors[] strings.
import { GatewayError } from './errors';

const AUTH_FIELD_NAMES = ['missing_env_vars', 'auth_state', 'next_step', 'auth_challenge', 'auth_metadata', 'url_elicitations'] as const;

export type AuthFields = Partial<Record<(typeof AUTH_FIELD_NAMES)[number], unknown>>;

/** The auth fields an error's details hold (empty for anything else). */
export function authFieldsOf(error: unknown): AuthFields {
  if (!(error instanceof GatewayError)) return {};
  const fields: AuthFields = {};
  for (const name of AUTH_FIELD_NAMES) {
    if (error.details[name] !== undefined && error.details[name] !== null) fields[name] = error.details[name];
  }
  return fields;
}

/** An E201 that a credential would fix: the server waits in auth_required rather than error. */
export function needsCredential(error: unknown): boolean {
  const state = authFieldsOf(error).auth_state;
  return error instanceof GatewayError && error.code === 'E201' && (state === 'missing_auth' || state === 'insufficient_scope');
}
