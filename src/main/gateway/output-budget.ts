// The invoke and tasks_result output budget from the policy: the tightest of max_output_bytes,
// max_output_chars and max_output_tokens (4 chars a token), the binary limit, and policy redaction
// (on unless the caller turned it off; always on for tasks).
import type { LoadedPolicy } from '../policy';
import type { ShapeBudget } from './shape-result';

export function outputBudget(policy: LoadedPolicy, maxOutputChars: number | null | undefined, redact: boolean): ShapeBudget {
  const budget = policy.outputBudget(maxOutputChars ?? null);
  return {
    maxChars: budget.max_chars,
    maxBytes: budget.max_bytes,
    maxBinaryBytes: budget.max_binary_bytes,
    redactText: redact ? (text) => policy.redactText(text) : undefined,
    redactDeep: redact ? (value) => policy.redactDeep(value) : undefined,
  };
}
