// The pattern stages of redaction: the built-in rules (unless a user policy sets replace_defaults) and the
// policy's custom patterns, compiled once per policy load.
import { BUILTIN_RULES, type RedactionRule } from './builtin-rules';
import { customRule } from './custom-rule';
import type { CustomPattern } from './custom-pattern';

export interface PatternSet {
  /** Built-in rules first, then custom ones, applied in order to every string. */
  readonly rules: readonly RedactionRule[];
  /** Whether a string under a secret-looking key (`api_key`, `password`) loses its whole value. */
  readonly secretKeys: boolean;
}

export function patternSet(custom: readonly CustomPattern[], replaceDefaults: boolean): PatternSet {
  return { rules: [...(replaceDefaults ? [] : BUILTIN_RULES), ...custom.map(customRule)], secretKeys: !replaceDefaults };
}

/** No rules at all (a patterns stage that is switched off). */
export const NO_PATTERNS: PatternSet = { rules: [], secretKeys: false };

export function applyRules(rules: readonly RedactionRule[], text: string): string {
  let out = text;
  for (const rule of rules) out = rule.apply(out);
  return out;
}
