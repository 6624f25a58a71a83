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
  /** How many distinct values are registered. */
  readonly size: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

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

  const matcher = (): RegExp | null => {
    if (pattern || forms.size === 0) return pattern;
    // Longest first, so a value's longer encoding wins over a shorter form it happens to contain.
    const alternatives = [...forms].sort((a, b) => b.length - a.length).map(escapeRegExp);
    pattern = new RegExp(alternatives.join('|'), 'gu');
    return pattern;
  };

  const secretValues: SecretValues = {
    add(value) {
      if (values.has(value)) return true;
      if (!accepts(value)) return false;
      values.add(value);
      for (const form of options.noFloorMinLength === undefined ? encodingsOf(value) : [value, ...encodingsOf(value)]) forms.add(form);
      pattern = null;
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
    get size() {
      return values.size;
    },
  };
  for (const value of initial) secretValues.add(value);
  return secretValues;
}
