// The built-in redaction rules (contract §5). Labelled secrets keep their label and separator and lose
// their value (`api_key=abc123` → `api_key= [REDACTED]`; a quoted value keeps its quotes so JSON stays
// JSON); secret-shaped tokens are replaced whole. Shapes are case-sensitive, labels are not.
import { isHarmlessValue, isSecretKey } from './secret-keys';

export { REDACTED } from './marker';
import { REDACTED } from './marker';

export interface RedactionRule {
  name: string;
  apply(text: string): string;
}

// A labelled secret is a key, an optional closing quote (plain or JSON-escaped) and a separator...
const LABEL_HEAD = /(?<![A-Za-z0-9_.-])(-{0,2}[A-Za-z_][A-Za-z0-9_.-]*)(\\?["']?)([ \t]*(?::=|=>|[:=])[ \t]*)/gu;
// ...then a value: quoted, escaped-quoted, an earlier [REDACTED] or a ${VAR} reference (both kept), an
// auth scheme with its credential, or a bare run that does not end in closing punctuation.
const LABEL_VALUE =
  /\\"(?:(?!\\").)+\\"|"(?:[^"\\\n]|\\.)+"|'[^'\n]+'|(?:\[REDACTED\]|\$\{[^}\s]*\})(?![^\s"',;)}\]])|(?:Bearer|Basic|Token)[ \t]+[^\s"']+|[^\s"']*[^\s"',;)}\]]/iuy;

const labelled: RedactionRule = {
  name: 'labelled',
  apply(text) {
    // The value is matched only after the key proved to be a secret: matching it for every `a=b` would
    // rescan the rest of a long line at each `=` (quadratic on text like `a=a=a=...`).
    const head = new RegExp(LABEL_HEAD.source, LABEL_HEAD.flags);
    const valueAt = new RegExp(LABEL_VALUE.source, LABEL_VALUE.flags);
    let out = '';
    let copied = 0;
    for (let match = head.exec(text); match; match = head.exec(text)) {
      const [whole, key = '', close = '', separator = ''] = match;
      // Not a secret: carry on after this key, so a labelled secret inside its value is still found.
      if (!isSecretKey(key)) continue;
      valueAt.lastIndex = match.index + whole.length;
      const value = valueAt.exec(text)?.[0];
      if (!value) continue;
      head.lastIndex = valueAt.lastIndex;
      const quote = /^(\\?["'])/u.exec(value)?.[1] ?? '';
      const inner = quote ? value.slice(quote.length, value.length - quote.length) : value;
      if (isHarmlessValue(inner)) continue;
      out += `${text.slice(copied, match.index)}${key}${close}${separator.trimEnd()} ${quote}${REDACTED}${quote}`;
      copied = valueAt.lastIndex;
    }
    return out + text.slice(copied);
  },
};

// `Authorization: Bearer <credential>` and `Token <credential>`. The credential must look like one (a digit
// and 8+ characters, or 20+ characters) so prose such as "token expired" is left alone.
const SCHEME = /\b(Bearer|Token)([ \t]+)([A-Za-z0-9._~+/-]+=*)/giu;

const scheme: RedactionRule = {
  name: 'bearer',
  apply: (text) =>
    text.replace(SCHEME, (whole, word: string, _space: string, credential: string) => {
      const looksLikeCredential = (credential.length >= 8 && /\d/u.test(credential)) || credential.length >= 20;
      return looksLikeCredential && credential !== REDACTED ? `${word} ${REDACTED}` : whole;
    }),
};

const shape = (name: string, regex: RegExp): RedactionRule => ({ name, apply: (text) => text.replace(regex, REDACTED) });

/**
 * Every built-in needs one of these in the text (a label word, an auth scheme or a token shape's
 * prefix); text without any is skipped whole. Case-insensitive because labels are. The unit tests hold
 * every built-in's examples to it, so a new rule cannot slip past.
 */
export const BUILTIN_TRIGGER = /key|secret|passw|pwd|token|bearer|aws|eyJ|sk-|gh[pousr]_|github_pat_|AKIA|ASIA|xox[abposr]-/iu;

/** PEM first (it spans lines and its body could look like other shapes); an unterminated block is cut to the end. */
export const BUILTIN_RULES: readonly RedactionRule[] = [
  shape('pem_private_key', /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY-----|$)/gu),
  labelled,
  scheme,
  shape('jwt', /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/gu),
  shape('openai_style_key', /(?<![A-Za-z0-9_-])sk-[A-Za-z0-9_-]{16,}/gu),
  shape('github_token', /(?<![A-Za-z0-9_])gh[pousr]_[A-Za-z0-9]{20,}/gu),
  shape('github_pat', /(?<![A-Za-z0-9_])github_pat_[A-Za-z0-9_]{20,}/gu),
  shape('aws_access_key_id', /(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])/gu),
  shape('slack_token', /(?<![A-Za-z0-9])xox[abposr]-[A-Za-z0-9-]{10,}/gu),
];
