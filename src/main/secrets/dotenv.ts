// A dotenv parser for importing PMCP's env files (and any file the operator names), close to
// python-dotenv, which wrote them: `#` comments, optional `export`, single and double quotes with their
// escapes, inline ` #` comments after unquoted values, later duplicates win. Issues carry line numbers
// and, only when it is a well-formed name, the variable's name; never a value.
import { isForbiddenName, NAME_PATTERN } from './names';

export interface DotenvEntry {
  name: string;
  value: string;
  line: number;
}

export type DotenvIssueCode =
  | 'not_assignment' | 'invalid_name' | 'forbidden_name' | 'multiline_value'
  | 'unterminated_quote' | 'trailing_text' | 'empty_value' | 'duplicate' | 'literal_reference';

export interface DotenvIssue {
  line: number;
  name: string | null;
  code: DotenvIssueCode;
  message: string;
  /** True when the line holds something the import does not carry over, so deleting the file would lose it. */
  blocking: boolean;
}

const DOUBLE_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', a: '\x07', '"': '"', "'": "'", '\\': '\\' };

/** Reads a quoted value starting at `text[0]`; returns the value and what follows the closing quote. */
function readQuoted(text: string): { value: string; rest: string } | null {
  const quote = text[0];
  let value = '';
  for (let i = 1; i < text.length; i++) {
    const c = text[i] as string;
    if (c === quote) return { value, rest: text.slice(i + 1) };
    if (c === '\\' && i + 1 < text.length) {
      const next = text[i + 1] as string;
      if (quote === '"' && next in DOUBLE_ESCAPES) {
        value += DOUBLE_ESCAPES[next];
        i++;
        continue;
      }
      if (quote === "'" && (next === "'" || next === '\\')) {
        value += next;
        i++;
        continue;
      }
    }
    value += c;
  }
  return null;
}

export function parseDotenv(text: string): { entries: DotenvEntry[]; issues: DotenvIssue[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const found = new Map<string, DotenvEntry>();
  const issues: DotenvIssue[] = [];
  const issue = (line: number, name: string | null, code: DotenvIssueCode, message: string, blocking = true) =>
    issues.push({ line, name, code, message, blocking });

  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const line = (lines[i] as string).trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(?:export[ \t]+)?([^=\s]+)[ \t]*=[ \t]*(.*)$/.exec(line);
    if (!match) {
      issue(lineNo, null, 'not_assignment', 'not a NAME=value line; skipped');
      continue;
    }
    const name = match[1] as string;
    let raw = match[2] as string;
    let value: string;

    if (raw.startsWith('"') || raw.startsWith("'")) {
      // A quoted value may run over several lines, as python-dotenv allows; such a value is refused below.
      let quoted = readQuoted(raw);
      while (!quoted && i + 1 < lines.length) {
        i++;
        raw += `\n${lines[i] as string}`;
        quoted = readQuoted(raw);
      }
      if (!quoted) {
        issue(lineNo, null, 'unterminated_quote', 'the quoted value has no closing quote; skipped');
        continue;
      }
      if (quoted.rest.trim() !== '' && !/^\s+#/.test(quoted.rest) && !quoted.rest.trim().startsWith('#')) {
        issue(lineNo, null, 'trailing_text', 'text follows the closing quote; skipped');
        continue;
      }
      value = quoted.value;
    } else {
      value = raw.replace(/\s+#.*$/, '').trimEnd();
    }

    if (!NAME_PATTERN.test(name)) {
      issue(lineNo, null, 'invalid_name', 'the name is not a valid variable name; skipped');
      continue;
    }
    if (isForbiddenName(name)) {
      issue(lineNo, name, 'forbidden_name', `${name} changes how programs load code and is never stored as a secret; skipped`);
      continue;
    }
    if (/[\r\n\0]/.test(value)) {
      issue(lineNo, name, 'multiline_value', `the value of ${name} spans several lines; secrets must be one line; skipped`);
      continue;
    }
    if (value === '') {
      issue(lineNo, name, 'empty_value', `${name} is empty; skipped`, false);
      continue;
    }
    if (/\$\{[A-Za-z_][A-Za-z0-9_]*/.test(value)) {
      issue(lineNo, name, 'literal_reference', `${name} contains a \${...} reference; it is imported literally, not expanded`, false);
    }
    const earlier = found.get(name);
    if (earlier) {
      issue(earlier.line, name, 'duplicate', `${name} is set again on line ${lineNo}; the later value is used`, false);
      found.delete(name);
    }
    found.set(name, { name, value, line: lineNo });
  }
  return { entries: [...found.values()].sort((a, b) => a.line - b.line), issues };
}
