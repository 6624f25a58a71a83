// The one redaction pipeline (contract §5, issue 11): every outgoing MCP message, every answer to the
// control panel and every record written to disk passes it. Its stages, in order:
//   secret_values  — every credential value Gatehouse resolved or was handed, and its encodings (always on)
//   patterns       — the policy's built-in rules and custom patterns (on unless a caller opted out, which
//                    only gateway.invoke/tasks_result's `redact_secrets: false` may do)
// It works on string values of structured data (walk.ts), never on serialized JSON, and within a time
// budget (budget.ts).
import { createBudget } from './budget';
import { applyPatterns, hasPatterns, NO_PATTERNS, type PatternSet } from './patterns';
import { createSecretValues, type SecretValues } from './secret-values';
import { redactString, redactValue, type StringStages } from './walk';

export interface RedactOptions {
  /** false skips the pattern stage (the secret-values stage always runs). Default true. */
  patterns?: boolean;
}

export interface Redaction {
  /** The secret-values stage: resolvers register every value they hand out here. */
  readonly secrets: SecretValues;
  text(text: string, options?: RedactOptions): string;
  value<T>(value: T, options?: RedactOptions): T;
}

export interface RedactionOptions {
  /** The pattern stage in force; read on every pass, so a policy reload takes effect at once. */
  patterns?: () => PatternSet;
  secrets?: SecretValues;
  /** Told when a pass ran out of time and withheld what it had not reached. */
  onOverrun?: () => void;
  /** Milliseconds, for the time budget (tests inject one). */
  clock?: () => number;
}

export function createRedaction(options: RedactionOptions = {}): Redaction {
  const secrets = options.secrets ?? createSecretValues();
  const patternsInForce = options.patterns ?? (() => NO_PATTERNS);

  const stages = (redactOptions: RedactOptions | undefined): StringStages => {
    const patterns = redactOptions?.patterns === false ? NO_PATTERNS : patternsInForce();
    const anyPatterns = hasPatterns(patterns);
    const secretsOnly = (text: string) => (secrets.size ? secrets.scrub(text) : text);
    return {
      text: (text) => {
        const scrubbed = secretsOnly(text);
        return anyPatterns ? applyPatterns(patterns, scrubbed) : scrubbed;
      },
      secretsOnly,
      secretKeys: patterns.secretKeys,
      budget: createBudget(options.clock),
    };
  };
  const finish = <T>(result: T, used: StringStages): T => {
    if (used.budget.exceeded) options.onOverrun?.();
    return result;
  };

  return {
    secrets,
    text(text, redactOptions) {
      const used = stages(redactOptions);
      return finish(redactString(text, used), used);
    },
    value(value, redactOptions) {
      const used = stages(redactOptions);
      return finish(redactValue(value, used), used);
    },
  };
}
