// How a custom pattern's match is redacted. A match keeps what PMCP kept: everything up to and including
// the first `:` or `=` plus ` [REDACTED]`, or `[REDACTED]` when there is no separator. A named group
// `value` replaces just that group instead, for patterns that need a label the first-separator rule would
// get wrong.
import type { RedactionRule } from './builtin-rules';
import type { CustomPattern } from './custom-pattern';
import { REDACTED } from './marker';

export function customRule(pattern: CustomPattern): RedactionRule {
  const hasValueGroup = 'value' in pattern.compiled.namedGroups();
  return {
    name: `custom:${pattern.source}`,
    apply(text) {
      const matcher = pattern.compiled.matcher(text);
      let out = '';
      let copied = 0;
      let from = 0;
      while (from <= text.length && matcher.find(from)) {
        const start = matcher.start();
        const end = matcher.end();
        // An empty match redacts nothing; step past it so the scan always moves forward.
        from = end > start ? end : end + 1;
        if (end === start) continue;
        const whole = text.slice(start, end);
        const valueStart = hasValueGroup ? matcher.start('value') : -1;
        const valueEnd = hasValueGroup ? matcher.end('value') : -1;
        let replacement: string;
        if (valueStart >= 0 && valueEnd > valueStart) {
          replacement = `${text.slice(start, valueStart)}${REDACTED}${text.slice(valueEnd, end)}`;
        } else {
          const separator = whole.search(/[:=]/u);
          replacement = separator >= 0 ? `${whole.slice(0, separator + 1)} ${REDACTED}` : REDACTED;
        }
        out += text.slice(copied, start) + replacement;
        copied = end;
      }
      return out + text.slice(copied);
    },
  };
}
