// The invoke and tasks_result output budget from the policy: the tightest of max_output_bytes,
// max_output_chars and max_output_tokens (4 chars a token), the binary limit, and redaction — known secret
// values always, the policy's patterns unless the caller turned them off (never for tasks). Shaping
// redacts before it truncates, so a cut can never leave the first part of a secret behind.
import type { GatewayContext } from './meta-tool';
import type { ShapeBudget } from './shape-result';

export function outputBudget(gateway: GatewayContext, maxOutputChars: number | null | undefined, patterns: boolean): ShapeBudget {
  const budget = gateway.policy().outputBudget(maxOutputChars ?? null);
  return {
    maxChars: budget.max_chars,
    maxBytes: budget.max_bytes,
    maxBinaryBytes: budget.max_binary_bytes,
    redactText: (text) => gateway.redact(text, { patterns }),
    redactDeep: (value) => gateway.redact(value, { patterns }),
  };
}
