// The one redaction pipeline (contract §5, issue 11): every outgoing MCP message, every answer to the
// control panel and every record written to disk passes it. Its stages, in order:
//   secret_values  — every credential value Gatehouse resolved or was handed, and its encodings (always on)
//   patterns       — the policy's built-in rules and custom patterns (on unless a caller opted out, which
//                    only gateway.invoke/tasks_result's `redact_secrets: false` may do)
// It works on string values of structured data (walk.ts), never on serialized JSON, and within a time
// budget (budget.ts). A value first gets one scan of its serialization (clean.ts): when no stage could
// match anywhere in it, the value itself is the answer and the walk is never made.
import { createBudget } from './budget';
import { cannotMatch, cannotMatchText } from './clean';
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
  /** false always walks (tests compare the fast path with the walk). Default true. */
  prefilter?: boolean;
}

export function createRedaction(options: RedactionOptions = {}): Redaction {
  const secrets = options.secrets ?? createSecretValues();
  const patternsInForce = options.patterns ?? (() => NO_PATTERNS);

  const prefilter = options.prefilter !== false;
  const patternsFor = (redactOptions: RedactOptions | undefined): PatternSet => (redactOptions?.patterns === false ? NO_PATTERNS : patternsInForce());

  const stages = (patterns: PatternSet): StringStages => {
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
      const patterns = patternsFor(redactOptions);
      if (prefilter && cannotMatchText(text, patterns, secrets)) return text;
      const used = stages(patterns);
      return finish(redactString(text, used), used);
    },
    value(value, redactOptions) {
      const patterns = patternsFor(redactOptions);
      if (prefilter && cannotMatch(serialized(value), patterns, secrets)) return value;
      const used = stages(patterns);
      return finish(redactValue(value, used), used);
    },
  };
}

/** The value as JSON, or null when it has none (a cycle, a BigInt): such a value always takes the walk. */
function serialized(value: unknown): string | null {
  try {
    return JSON.stringify(value) ?? null;
  } catch {
    return null;
  }
}
