// Custom redaction patterns from policy.yaml run on RE2 (the `re2js` port), whose matching time is
// linear in the input whatever the pattern: a pattern such as `(a+)+$` cannot freeze the gateway the
// way a backtracking engine lets it (a 35-character answer held V8's engine for 75 s). RE2's syntax is
// close to Python's `re`, which most existing policies were written for: `(?P<name>…)`, inline flags
// such as `(?i)` and `(?i:…)`, `\A` and `\z` all work as written. What needs backtracking — lookaheads,
// backreferences, possessive and atomic groups, conditionals — is refused at load with the reason.
import type { RE2JS } from 're2js';
import { lazyPackage } from '../common/lazy-package';

// Loaded when a policy first names a custom pattern: most gateways have none.
const re2js = lazyPackage<typeof import('re2js')>('re2js');

export interface CustomPattern {
  /** The pattern as written in the policy file. */
  source: string;
  /** Compiled once; RE2JS objects are immutable, a matcher is made per use. */
  compiled: RE2JS;
}

export type PatternResult = { ok: true; pattern: CustomPattern } | { ok: false; reason: string };

/** Constructs RE2 cannot run, with the advice to give instead of its parser's words. */
const UNSUPPORTED: { test: RegExp; reason: string }[] = [
  { test: /\(\?[=!]/u, reason: 'lookahead "(?=" / "(?!" needs a backtracking engine; write the pattern without it (a named group "value" redacts just part of a match)' },
  { test: /\(\?P=|\\k<|\\[1-9]/u, reason: 'backreferences need a backtracking engine; write the pattern without them' },
  { test: /\(\?>/u, reason: 'atomic group "(?>...)" is not supported; a plain group "(?:...)" matches the same text under RE2' },
  { test: /\(\?\(/u, reason: 'conditional group "(?(...)...)" is not supported' },
  { test: /\(\?#/u, reason: 'comment group "(?#...)" is not supported' },
  { test: /[*+?}]\+/u, reason: 'possessive quantifiers ("++", "*+", "?+", "{n}+") are not supported; drop the extra "+" (RE2 never backtracks anyway)' },
  { test: /\\Z/u, reason: '"\\Z" is not supported; use "\\z" (end of text) or "$"' },
];

export function compileCustomPattern(source: string): PatternResult {
  let compiled: RE2JS;
  try {
    // LOOKBEHINDS: RE2JS runs captureless lookbehinds such as `(?<=key=)\w+` in linear time too.
    const { RE2JS: engine } = re2js();
    compiled = engine.compile(source, engine.LOOKBEHINDS);
  } catch (error) {
    const known = UNSUPPORTED.find((construct) => construct.test.test(source));
    if (known) return { ok: false, reason: `${known.reason} (custom patterns run on RE2, which matches in linear time)` };
    const detail = error instanceof Error ? error.message.replace(/^error parsing regexp: /u, '') : String(error);
    return { ok: false, reason: `invalid regular expression (RE2 syntax): ${detail}` };
  }
  if (compiled.matches('')) return { ok: false, reason: 'the pattern matches the empty string, so it would redact nothing' };
  return { ok: true, pattern: { source, compiled } };
}
