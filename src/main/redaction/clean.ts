// The redaction fast path: one scan of a value's serialization decides that no stage could change
// anything in it, so the walk (a copy of the whole value, every string tested by every stage) is skipped
// and the value itself goes out. It is sound because each stage needs something that survives JSON
// escaping unchanged or in a known form:
//   secret values — a form inside a string shows in the serialization as that form JSON-escaped
//                   (secret-values.ts mayBeInJson);
//   built-in rules and secret-looking keys — each needs a word of BUILTIN_TRIGGER, made of characters
//                   JSON never escapes, in the string or key (the unit tests hold every rule and label to it);
//   custom patterns — arbitrary regular expressions over the unescaped text: no fast path at all.
// Nested JSON texts are walked only after a stage matched their string, so they need no more than this.
// It assumes JSON data (parsed or built by Gatehouse): an object whose getter or toJSON answered
// differently on a second read could pass here and differ when the transport serializes it.
import { BUILTIN_TRIGGER } from './builtin-rules';
import type { PatternSet } from './patterns';
import type { SecretValues } from './secret-values';

/** True when no stage could match anywhere in the value serialized as `json` (null: unknown, walk it). */
export function cannotMatch(json: string | null, patterns: PatternSet, secrets: SecretValues): boolean {
  if (json === null || patterns.custom.length > 0) return false;
  if ((patterns.builtins.length > 0 || patterns.secretKeys) && BUILTIN_TRIGGER.test(json)) return false;
  return secrets.size === 0 || !secrets.mayBeInJson(json);
}

/** The same decision for one plain text (no escaping involved): what the text stages would test it for. */
export function cannotMatchText(text: string, patterns: PatternSet, secrets: SecretValues): boolean {
  if (patterns.custom.length > 0) return false;
  if (patterns.builtins.length > 0 && BUILTIN_TRIGGER.test(text)) return false;
  return secrets.size === 0 || !secrets.found(text);
}
