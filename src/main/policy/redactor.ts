// Applies the built-in rules and the policy's custom patterns to text, and to every string inside a JSON
// value. Custom patterns add to the built-ins unless the base policy sets `replace_defaults: true`.
import { BUILTIN_RULES, REDACTED, type RedactionRule } from './builtin-redaction';
import { isHarmlessValue, isSecretKey } from './secret-keys';
import type { CustomPattern } from './types';

export interface PolicyRedactor {
  redactText(text: string): string;
  redactDeep<T>(value: T): T;
}

/**
 * A custom match keeps what PMCP kept: everything up to and including the first `:` or `=` plus
 * ` [REDACTED]`, or `[REDACTED]` when there is no separator. A named group `value` replaces just that
 * group instead, for patterns that need a label the first-separator rule would get wrong.
 */
function customRule(pattern: CustomPattern): RedactionRule {
  return {
    name: `custom:${pattern.source}`,
    apply(text) {
      // `d` gives group indices, so a `value` group is replaced exactly where it matched.
      const regex = new RegExp(pattern.translated, `${pattern.flags}gd`);
      let out = '';
      let copied = 0;
      for (let match = regex.exec(text); match; match = regex.exec(text)) {
        const whole = match[0];
        if (whole === '') {
          regex.lastIndex++;
          continue;
        }
        const end = match.index + whole.length;
        const span = match.indices?.groups?.value;
        let replacement: string;
        if (span && span[1] > span[0]) {
          replacement = `${text.slice(match.index, span[0])}${REDACTED}${text.slice(span[1], end)}`;
        } else {
          const separator = whole.search(/[:=]/u);
          replacement = separator >= 0 ? `${whole.slice(0, separator + 1)} ${REDACTED}` : REDACTED;
        }
        out += text.slice(copied, match.index) + replacement;
        copied = end;
      }
      return out + text.slice(copied);
    },
  };
}

export function createPolicyRedactor(patterns: readonly CustomPattern[], replaceDefaults: boolean): PolicyRedactor {
  const builtins = !replaceDefaults;
  const rules = [...(builtins ? BUILTIN_RULES : []), ...patterns.map(customRule)];
  const redactText = (text: string): string => rules.reduce((current, rule) => rule.apply(current), text);

  const redactDeep = <T>(value: T): T => {
    const seen = new WeakMap<object, unknown>();
    const walk = (node: unknown, key: string | null, parent: Record<string, unknown> | null): unknown => {
      if (typeof node === 'string') {
        if (key !== null && parent && isBinaryPayload(parent, key)) return node;
        if (builtins && key !== null && isSecretKey(key) && node !== '' && !isHarmlessValue(node)) return REDACTED;
        return redactText(node);
      }
      if (typeof node !== 'object' || node === null) return node;
      const known = seen.get(node);
      if (known !== undefined) return known;
      if (Array.isArray(node)) {
        const copy: unknown[] = [];
        seen.set(node, copy);
        for (const item of node) copy.push(walk(item, null, null));
        return copy;
      }
      // Class instances (Buffer, Date, Map) are not JSON data: passed through untouched.
      const proto: unknown = Object.getPrototypeOf(node);
      if (proto !== Object.prototype && proto !== null) return node;
      const source = node as Record<string, unknown>;
      const copy: Record<string, unknown> = {};
      seen.set(node, copy);
      for (const [name, item] of Object.entries(source)) {
        Object.defineProperty(copy, name, { value: walk(item, name, source), enumerable: true, writable: true, configurable: true });
      }
      return copy;
    };
    return walk(value, null, null) as T;
  };

  return { redactText, redactDeep };
}

/** Base64 of image/audio blocks and resource blobs: redacting inside it would corrupt the bytes. */
function isBinaryPayload(parent: Record<string, unknown>, key: string): boolean {
  if (key === 'data' && (parent.type === 'image' || parent.type === 'audio')) return true;
  return key === 'blob' && typeof parent.uri === 'string';
}
