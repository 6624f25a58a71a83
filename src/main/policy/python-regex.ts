// Custom redaction patterns are JavaScript regexes (contract §5), but most existing policies were written
// for PMCP, which used Python's `re`. Two Python spellings translate exactly: `(?P<name>` and a leading
// `(?i)`. Every other Python-only construct is refused with its position, because JavaScript would
// either reject it with a confusing message or, worse (`\Z`, `\A`), silently read it as a literal letter.
import type { CustomPattern } from './types';

export type PatternResult = { ok: true; pattern: CustomPattern } | { ok: false; reason: string };

const QUANTIFIER_BRACES = /^\{\d+(?:,\d*)?\}/u;

export function translatePattern(source: string): PatternResult {
  let flags = '';
  let start = 0;
  if (source.startsWith('(?i)')) {
    flags = 'i';
    start = 4;
  }
  let out = '';
  let inClass = false;
  for (let i = start; i < source.length; i++) {
    const char = source[i] as string;
    const at = `at character ${i + 1}`;
    if (char === '\\') {
      const next = source[i + 1];
      if (next === 'A' || next === 'Z' || next === 'z') {
        const hint = next === 'A' ? 'use ^' : 'use $';
        return refuse(`"\\${next}" is Python-only ${at} (${hint})`);
      }
      out += source.slice(i, i + 2);
      i++;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      out += char;
      continue;
    }
    if (char === '[') {
      inClass = true;
      out += char;
      // A `]` first in the class (or after `^`) is a member in both dialects: copy it so it cannot close.
      if (source[i + 1] === '^') out += source[++i];
      if (source[i + 1] === ']') out += source[++i];
      continue;
    }
    if (char === '(' && source[i + 1] === '?') {
      const group = groupOpener(source, i);
      if (group.kind === 'refuse') return refuse(`${group.reason} ${at}`);
      out += group.text;
      i += group.consumed - 1;
      continue;
    }
    const braces = char === '{' ? QUANTIFIER_BRACES.exec(source.slice(i)) : null;
    if (char === '*' || char === '+' || char === '?' || braces) {
      const length = braces ? braces[0].length : 1;
      out += source.slice(i, i + length);
      i += length - 1;
      if (source[i + 1] === '?') out += source[++i]; // lazy: valid in both
      else if (source[i + 1] === '+') return refuse(`possessive quantifier "${source.slice(i - length + 1, i + 2)}" is Python-only at character ${i + 2}`);
      continue;
    }
    out += char;
  }
  return compile(source, out, flags);
}

type Group = { kind: 'copy'; text: string; consumed: number } | { kind: 'refuse'; reason: string };

/** Looks at a `(?` group opener: translates `(?P<name>`, copies JavaScript forms, refuses Python-only ones. */
function groupOpener(source: string, i: number): Group {
  const rest = source.slice(i);
  if (rest.startsWith('(?P<')) return { kind: 'copy', text: '(?<', consumed: 4 };
  if (rest.startsWith('(?P=')) return { kind: 'refuse', reason: 'named backreference "(?P=name)" is Python-only (write \\k<name>)' };
  if (rest.startsWith('(?P>')) return { kind: 'refuse', reason: 'recursive group "(?P>name)" is not supported' };
  if (rest.startsWith('(?#')) return { kind: 'refuse', reason: 'comment group "(?#...)" is Python-only' };
  if (rest.startsWith('(?(')) return { kind: 'refuse', reason: 'conditional group "(?(...)...)" is Python-only' };
  if (rest.startsWith('(?>')) return { kind: 'refuse', reason: 'atomic group "(?>...)" is Python-only' };
  const flags = /^\(\?([aiLmsux]*(?:-[imsx]*)?)([):])/u.exec(rest);
  if (flags && flags[1]) {
    const where = flags[2] === ':' ? 'scoped inline flags' : 'inline flags';
    const onlyLeading = flags[1] === 'i' && flags[2] === ')' ? ' ((?i) is accepted only at the very start)' : '';
    return { kind: 'refuse', reason: `${where} "(?${flags[1]}${flags[2]}" are Python-only${onlyLeading}` };
  }
  // (?:, (?=, (?!, (?<=, (?<!, (?<name>: JavaScript already.
  return { kind: 'copy', text: '(?', consumed: 2 };
}

function compile(source: string, translated: string, flags: string): PatternResult {
  let regex: RegExp;
  try {
    // No `u` flag: Python accepts identity escapes such as `\-` and `\_` that unicode mode rejects.
    regex = new RegExp(translated, flags);
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /su, '') : String(error);
    return refuse(`invalid regular expression: ${detail}`);
  }
  if (regex.test('')) return refuse('the pattern matches the empty string, so it would redact nothing');
  return { ok: true, pattern: { source, translated, flags } };
}

function refuse(reason: string): PatternResult {
  return { ok: false, reason };
}
