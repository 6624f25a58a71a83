// The known secret values: every credential Gatehouse resolves (keychain or environment) or is handed is
// registered here, and every string that leaves the main process or is written down is scrubbed of it
// and of its encodings (secret-forms.ts). Values below the floor (secret-floor.ts) are not registered.
import { clearsSecretFloor } from './secret-floor';
import { encodingsOf } from './secret-forms';
import { REDACTED } from './marker';

export interface SecretValues {
  /** Registers a value and its encodings; false (and nothing registered) when it is below the floor. */
  add(value: string): boolean;
  /** The text with every registered value and encoding replaced by [REDACTED]. */
  scrub(text: string): string;
  /** True when the text holds a registered value or encoding (cheaper than scrub when nothing is there). */
  found(text: string): boolean;
  /**
   * False only when no string inside the serialized JSON `json` can hold a registered value or encoding:
   * JSON escaping maps each character to a fixed text, so a form inside a string shows in the
   * serialization as that form escaped; one scan of the message instead of one per string.
   */
  mayBeInJson(json: string): boolean;
  /** How many distinct values are registered. */
  readonly size: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/**
 * A form as JSON.stringify writes it inside a string. Escaping is per code unit except for surrogates,
 * which are escaped only when unpaired: a form that starts with a low or ends with a high surrogate may be
 * paired (and so written raw) by its neighbours in a longer string, so it has no single JSON form (null).
 */
function jsonForm(form: string): string | null {
  const first = form.charCodeAt(0);
  const last = form.charCodeAt(form.length - 1);
  if ((first >= 0xdc00 && first <= 0xdfff) || (last >= 0xd800 && last <= 0xdbff)) return null;
  return JSON.stringify(form).slice(1, -1);
}

export interface SecretValuesOptions {
  /** What a value is replaced with (default [REDACTED]; the runtime diagnostics' contract says <redacted>). */
  marker?: string;
  /**
   * Shortest value registered when the floor is off. The floor protects everyone's answers from a
   * caller's weak value; a one-shot diagnostic (runtime/redact.ts) scrubs whatever its environment holds.
   */
  noFloorMinLength?: number;
}

export function createSecretValues(initial: Iterable<string> = [], options: SecretValuesOptions = {}): SecretValues {
  const marker = options.marker ?? REDACTED;
  const accepts = (value: string) => (options.noFloorMinLength === undefined ? clearsSecretFloor(value) : value.length >= options.noFloorMinLength);
  const values = new Set<string>();
  const forms = new Set<string>();
  let pattern: RegExp | null = null;
  // The forms as they look inside a JSON text; null when not built, false when a form cannot be matched
  // that way (see jsonForm), which makes every message take the full walk.
  let jsonPattern: RegExp | false | null = null;

  const matcher = (): RegExp | null => {
    if (pattern || forms.size === 0) return pattern;
    // Longest first, so a value's longer encoding wins over a shorter form it happens to contain.
    const alternatives = [...forms].sort((a, b) => b.length - a.length).map(escapeRegExp);
    pattern = new RegExp(alternatives.join('|'), 'gu');
    return pattern;
  };

  const jsonMatcher = (): RegExp | false | null => {
    if (jsonPattern !== null || forms.size === 0) return jsonPattern;
    const escaped = [...forms].map(jsonForm);
    jsonPattern = escaped.includes(null) ? false : new RegExp([...new Set(escaped as string[])].map(escapeRegExp).join('|'), 'u');
    return jsonPattern;
  };

  const secretValues: SecretValues = {
    add(value) {
      if (values.has(value)) return true;
      if (!accepts(value)) return false;
      values.add(value);
      for (const form of options.noFloorMinLength === undefined ? encodingsOf(value) : [value, ...encodingsOf(value)]) forms.add(form);
      pattern = null;
      jsonPattern = null;
      return true;
    },
    scrub(text) {
      const regex = matcher();
      return regex ? text.replace(regex, marker) : text;
    },
    found(text) {
      const regex = matcher();
      if (!regex) return false;
      regex.lastIndex = 0;
      return regex.test(text);
    },
    mayBeInJson(json) {
      const regex = jsonMatcher();
      if (regex === null) return false;
      return regex === false || regex.test(json);
    },
    get size() {
      return values.size;
    },
  };
  for (const value of initial) secretValues.add(value);
  return secretValues;
}
