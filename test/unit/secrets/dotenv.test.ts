import { describe, expect, it } from 'vitest';
import { parseDotenv } from '../../../src/main/secrets/dotenv';

// The shapes PMCP's env files take (python-dotenv wrote and read them).
const PMCP_FILE = [
  '# PMCP user credentials',
  '',
  'GITHUB_TOKEN=ghp_plain_value_1234',
  'export OPENAI_API_KEY=sk-exported-5678',
  'export   SPACED_TOKEN = spaced-value  ',
  'QUOTED_TOKEN="double quoted # not a comment"',
  "SINGLE_TOKEN='single $NOT_EXPANDED \\' quote'",
  'ESCAPED_TOKEN="tab\\there \\"inner\\" back\\\\slash"',
  'INLINE_TOKEN=inline-value # trailing comment',
  'HASH_TOKEN=abc#def',
  '   # indented comment',
  'EMPTY_TOKEN=',
  'REF_TOKEN=${OTHER_TOKEN}',
  'DUP_TOKEN=first-value',
  'DUP_TOKEN=second-value',
  'CRLF_TOKEN=crlf-value\r',
].join('\n');

describe('parseDotenv', () => {
  it('reads comments, quotes, export prefixes, inline comments and duplicates like python-dotenv', () => {
    const { entries, issues } = parseDotenv(PMCP_FILE);
    const values = Object.fromEntries(entries.map((e) => [e.name, e.value]));
    expect(values).toEqual({
      GITHUB_TOKEN: 'ghp_plain_value_1234',
      OPENAI_API_KEY: 'sk-exported-5678',
      SPACED_TOKEN: 'spaced-value',
      QUOTED_TOKEN: 'double quoted # not a comment',
      SINGLE_TOKEN: "single $NOT_EXPANDED ' quote",
      ESCAPED_TOKEN: 'tab\there "inner" back\\slash',
      INLINE_TOKEN: 'inline-value',
      HASH_TOKEN: 'abc#def',
      REF_TOKEN: '${OTHER_TOKEN}',
      DUP_TOKEN: 'second-value',
      CRLF_TOKEN: 'crlf-value',
    });
    expect(entries.find((e) => e.name === 'GITHUB_TOKEN')?.line).toBe(3);
    expect(issues.map((i) => [i.line, i.code, i.blocking])).toEqual([
      [12, 'empty_value', false],
      [13, 'literal_reference', false],
      [14, 'duplicate', false],
    ]);
  });

  it('skips malformed and forbidden lines with line numbers and never quotes a value', () => {
    const secret = 'sk-very-secret-value-0000';
    const text = [
      secret,
      `BAD-NAME=${secret}`,
      `LD_PRELOAD=/tmp/${secret}.so`,
      `MULTI_TOKEN="${secret}`,
      'still inside"',
      `TRAILING_TOKEN="${secret}" junk`,
      `OPEN_TOKEN='${secret}`,
    ].join('\n');
    const { entries, issues } = parseDotenv(text);
    expect(entries).toEqual([]);
    expect(issues.map((i) => [i.line, i.code, i.name, i.blocking])).toEqual([
      [1, 'not_assignment', null, true],
      [2, 'invalid_name', null, true],
      [3, 'forbidden_name', 'LD_PRELOAD', true],
      [4, 'multiline_value', 'MULTI_TOKEN', true],
      [6, 'trailing_text', null, true],
      [7, 'unterminated_quote', null, true],
    ]);
    expect(JSON.stringify(issues)).not.toContain(secret);
  });

  it('ignores a byte-order mark and an empty file', () => {
    expect(parseDotenv('\uFEFFA_TOKEN=x1').entries).toEqual([{ name: 'A_TOKEN', value: 'x1', line: 1 }]);
    expect(parseDotenv('')).toEqual({ entries: [], issues: [] });
  });
});
