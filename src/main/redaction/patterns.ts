// The pattern stages of redaction: the built-in rules (unless a user policy sets replace_defaults) and the
// policy's custom patterns, compiled once per policy load.
import { BUILTIN_RULES, BUILTIN_TRIGGER, type RedactionRule } from './builtin-rules';
import { customRule } from './custom-rule';
import type { CustomPattern } from './custom-pattern';

export interface PatternSet {
  readonly builtins: readonly RedactionRule[];
  readonly custom: readonly RedactionRule[];
  /** Whether a string under a secret-looking key (`api_key`, `password`) loses its whole value. */
  readonly secretKeys: boolean;
}

export function patternSet(custom: readonly CustomPattern[], replaceDefaults: boolean): PatternSet {
  return { builtins: replaceDefaults ? [] : BUILTIN_RULES, custom: custom.map(customRule), secretKeys: !replaceDefaults };
}

/** No rules at all (a patterns stage that is switched off). */
export const NO_PATTERNS: PatternSet = { builtins: [], custom: [], secretKeys: false };

export function hasPatterns(set: PatternSet): boolean {
  return set.builtins.length > 0 || set.custom.length > 0;
}

export function applyPatterns(set: PatternSet, text: string): string {
  let out = text;
  // Most strings hold nothing a built-in could match: one scan for the words every built-in needs saves
  // running all of them on every string of every message.
  if (set.builtins.length && BUILTIN_TRIGGER.test(out)) for (const rule of set.builtins) out = rule.apply(out);
  for (const rule of set.custom) out = rule.apply(out);
  return out;
}
