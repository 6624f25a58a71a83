// Errors of the secrets layer are values with stable codes. A message names the variable, scope, file
// or flag and the next step; it never carries a secret value (callers pass names only, never values).
export type SecretsErrorCode =
  | 'keychain_unavailable'
  | 'keychain_error'
  | 'invalid_name'
  | 'forbidden_name'
  | 'invalid_value'
  | 'invalid_tenant'
  | 'scope_needs_project'
  | 'scope_needs_tenant'
  | 'index_invalid'
  | 'index_write_failed'
  | 'file_unreadable'
  | 'file_delete_refused'
  | 'same_scope'
  | 'cancelled';

export type KeychainUnavailableReason =
  | 'no_session_bus'
  | 'keyring_locked'
  | 'native_module_missing'
  | 'platform_error';

export class SecretsError extends Error {
  constructor(
    readonly code: SecretsErrorCode,
    message: string,
    readonly nextStep: string | null = null,
    readonly details: Record<string, string | number | boolean | null> = {},
  ) {
    super(message);
    this.name = 'SecretsError';
  }

  toJSON(): Record<string, unknown> {
    return { code: this.code, message: this.message, next_step: this.nextStep, details: this.details };
  }
}

export function isSecretsError(error: unknown, code?: SecretsErrorCode): error is SecretsError {
  return error instanceof SecretsError && (code === undefined || error.code === code);
}
