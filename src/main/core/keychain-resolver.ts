// `${NAME}` resolution for the supervisor: the process environment, then the keychain scopes (tenant,
// project, user). Values found are registered with the redactor; a keychain that cannot be reached is
// reported with its reason and next step, never replaced by a plaintext fallback.
import { resolveVariablesReport } from '../secrets/resolver';
import type { SecretValues } from '../redaction/secret-values';
import type { SecretStore } from '../secrets/store';
import type { VariableResolver } from '../supervisor/connect';

export function keychainResolver(context: { env: NodeJS.ProcessEnv; projectRoot: string | null; store: SecretStore | null; secretValues: SecretValues }): VariableResolver {
  return async (names) => {
    if (!names.length) return { values: new Map(), missing: [], note: null, nextStep: null };
    const report = await resolveVariablesReport(names, { ...context });
    const values = new Map([...report.values].map(([name, resolution]) => [name, resolution.value]));
    const note = report.keychain ? `the keychain is unavailable: ${report.keychain.reason}` : null;
    return { values, missing: report.missing, note, nextStep: report.keychain?.next_step ?? null };
  };
}
