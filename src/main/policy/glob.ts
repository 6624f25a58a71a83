// Policy globs (contract §5): `*` any run of characters, crossing `::` and `/`; `?` one character;
// `[abc]`, `[a-z]` and `[!abc]` classes. Case-sensitive, whole-subject, no backslash escapes (as Python's
// fnmatchcase, which PMCP used). An unclosed `[` is an error rather than a literal: a typo in a
// denylist must not silently stop matching.

export type GlobResult = { ok: true; regex: RegExp } | { ok: false; reason: string; offset: number };

// Unicode-mode regexes allow identity escapes only for syntax characters, and `-` only inside a class.
const escapeChar = (char: string): string => char.replace(/[\\^$.*+?()[\]{}|/]/gu, '\\$&');
const escapeClassChar = (char: string): string => char.replace(/[\\\][^-]/gu, '\\$&');

export function compileGlob(glob: string): GlobResult {
  let out = '';
  const chars = [...glob];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] as string;
    if (char === '*') {
      // Collapse runs of `*`: they mean the same and a long run would backtrack badly.
      while (chars[i + 1] === '*') i++;
      out += '[\\s\\S]*';
    } else if (char === '?') {
      out += '[\\s\\S]';
    } else if (char === '[') {
      const end = classEnd(chars, i);
      if (end < 0) {
        return { ok: false, reason: `unclosed "[" in glob "${glob}"; write "[[]" for a literal "["`, offset: i };
      }
      out += classRegex(chars.slice(i + 1, end));
      i = end;
    } else {
      out += escapeChar(char);
    }
  }
  return { ok: true, regex: new RegExp(`^${out}$`, 'u') };
}

/** Index of the `]` closing the class opened at `start`; a `]` right after `[` or `[!` is a member. */
function classEnd(chars: string[], start: number): number {
  let i = start + 1;
  if (chars[i] === '!') i++;
  if (chars[i] === ']') i++;
  for (; i < chars.length; i++) if (chars[i] === ']') return i;
  return -1;
}

function classRegex(body: string[]): string {
  const negate = body[0] === '!';
  const members = negate ? body.slice(1) : body;
  let out = '';
  for (let i = 0; i < members.length; i++) {
    const char = members[i] as string;
    const next = members[i + 1];
    const last = members[i + 2];
    if (next === '-' && last !== undefined) {
      // A reversed range (z-a) matches nothing in fnmatch; keep that instead of a regex syntax error.
      if ((char.codePointAt(0) ?? 0) > (last.codePointAt(0) ?? 0)) {
        i += 2;
        continue;
      }
      out += `${escapeClassChar(char)}-${escapeClassChar(last)}`;
      i += 2;
    } else {
      out += escapeClassChar(char);
    }
  }
  if (!out) return negate ? '[\\s\\S]' : '[^\\s\\S]';
  return negate ? `[^${out}]` : `[${out}]`;
}

/** A compiled list; `matches` is true when any glob matches the subject. */
export class GlobList {
  private readonly regexes: RegExp[];

  constructor(readonly globs: readonly string[]) {
    this.regexes = globs.map((glob) => {
      const compiled = compileGlob(glob);
      // Validation rejects bad globs before a list is built; a bad one here would be a bug, so it matches nothing.
      return compiled.ok ? compiled.regex : /(?!)/u;
    });
  }

  get empty(): boolean {
    return this.regexes.length === 0;
  }

  matches(subject: string): boolean {
    return this.regexes.some((regex) => regex.test(subject));
  }

  matchesAny(subjects: readonly string[]): boolean {
    return subjects.some((subject) => this.matches(subject));
  }
}
