// The policy fields of gateway.health's `gateway_diagnostics` (contract §2.3: policy_digest, and the
// Gatehouse additions policy_source and policy_error), computed in one place so health, config_status
// and `gatehouse status` say the same thing.
import type { LoadedPolicy } from './types';

export interface PolicyDiagnostics {
  policy_digest: string;
  /** The files in effect, base first, joined with " + "; null when no policy file exists. */
  policy_source: string | null;
  /** The E102 message while the policy is invalid (every downstream server is denied meanwhile). */
  policy_error: string | null;
}

export function policyDiagnostics(policy: LoadedPolicy): PolicyDiagnostics {
  const used = policy.sources.filter((source) => source.used).map((source) => source.path);
  return {
    policy_digest: policy.digest,
    policy_source: used.length ? used.join(' + ') : null,
    policy_error: policy.error?.message ?? null,
  };
}
