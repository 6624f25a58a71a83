// PEP 723 exactly as python-runtime.md §4 reads it, with the line numbers an operator needs.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { headerDigest, parsePep723 } from '../../../src/main/runtime/pep723';

const script = (...lines: string[]) => lines.join('\n');
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

const BASIC = script(
  '#!/usr/bin/env python3',
  '# /// script',
  '# requires-python = ">=3.10"',
  '# dependencies = [',
  '#   "httpx>=0.27",',
  '#   "mcp>=2.2,<3",',
  '# ]',
  '#',
  '# [tool.uv]',
  '# exclude-newer = "2026-11-28T00:00:00Z"',
  '# ///',
  'import mcp',
);

describe('reading a script block', () => {
  it('returns requires-python, dependencies, the block lines and the header digest', () => {
    const result = parsePep723(BASIC);
    expect(result.problems).toEqual([]);
    expect(result.script).toMatchObject({ requiresPython: '>=3.10', dependencies: ['httpx>=0.27', 'mcp>=2.2,<3'], excludeNewer: '2026-11-28T00:00:00Z' });
    expect(result.script?.block).toMatchObject({ type: 'script', openLine: 2, closeLine: 11 });
    expect(result.script?.block.lines[5]).toBe(''); // a lone "#" is an empty content line
    const content = BASIC.split('\n').slice(2, 10).map((l) => (l === '#' ? '' : l.slice(2)));
    expect(result.script?.headerSha256).toBe(sha(`${content.join('\n')}\n`));
    expect(headerDigest(content)).toBe(result.script?.headerSha256);
  });

  it('reads CRLF files and a leading BOM to the same header and digest', () => {
    const lf = parsePep723(BASIC);
    const crlf = parsePep723(Buffer.from(`\uFEFF${BASIC.replace(/\n/g, '\r\n')}`, 'utf8'));
    expect(crlf.problems).toEqual([]);
    expect(crlf.script?.headerSha256).toBe(lf.script?.headerSha256);
    expect(crlf.script?.dependencies).toEqual(lf.script?.dependencies);
  });

  it('refuses invalid UTF-8 and ignores encoding declarations', () => {
    const bytes = Buffer.concat([Buffer.from('# -*- coding: latin-1 -*-\n# /// script\n# dependencies = ["caf'), Buffer.from([0xe9]), Buffer.from('"]\n# ///\n')]);
    const result = parsePep723(bytes);
    expect(result.script).toBeNull();
    expect(result.problems).toEqual([expect.objectContaining({ kind: 'encoding', severity: 'error', line: 1 })]);
  });

  it('accepts an empty dependency list and a block that ends the file without a newline', () => {
    const result = parsePep723('# /// script\n# dependencies = []\n# ///');
    expect(result.script).toMatchObject({ dependencies: [], requiresPython: null });
  });
});

describe('markers are exact', () => {
  it.each([
    [' # /// script', 'leading whitespace'],
    ['# /// script ', 'trailing whitespace'],
    ['#/// script', 'no space after #'],
    ['# ///  script', 'two spaces'],
    ['# /// scr!pt', 'a character outside [A-Za-z0-9-]'],
  ])('%j is not an open line (%s)', (open) => {
    const result = parsePep723(`${open}\n# dependencies = []\n# ///\n`);
    expect(result.blocks).toEqual([]);
    expect(result.script).toBeNull();
  });

  it('a close line with trailing whitespace does not close', () => {
    const result = parsePep723('# /// script\n# dependencies = []\n# /// \nx = 1\n');
    expect(result.script).toBeNull();
    expect(result.problems).toEqual([expect.objectContaining({ kind: 'unclosed', severity: 'warn', line: 1 })]);
  });
});

describe('block boundaries', () => {
  it.each([
    ['code', '# /// script\n# dependencies = []\nimport os\n# ///\n'],
    ['a blank line', '# /// script\n# dependencies = []\n\n# ///\n'],
    ['"#foo"', '# /// script\n# dependencies = []\n#foo\n# ///\n'],
    ['the end of the file', '# /// script\n# dependencies = []\n'],
  ])('a block cut short by %s is unclosed, ignored and reported on its open line', (_why, text) => {
    const result = parsePep723(`x = 1\n${text}`);
    expect(result.blocks).toEqual([]);
    expect(result.script).toBeNull();
    expect(result.problems).toEqual([expect.objectContaining({ kind: 'unclosed', severity: 'warn', line: 2 })]);
    expect(parsePep723(`x = 1\n${text}`, { expectHeader: true }).problems).toEqual([expect.objectContaining({ kind: 'unclosed', severity: 'error', line: 2 })]);
  });

  it('closes at the last "# ///" of the run, so TOML may contain "# ///"', () => {
    const result = parsePep723(script('# /// script', '# dependencies = []', '# note = """', '# ///', '# """', '# ///', 'pass'));
    expect(result.script?.block).toMatchObject({ openLine: 1, closeLine: 6 });
    expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(result.problems).toContainEqual(expect.objectContaining({ kind: 'unknown-key', severity: 'warn', line: 3 }));
  });

  it('a "# ///" followed by a content line stays inside the block', () => {
    const result = parsePep723(script('# /// script', '# dependencies = []', '# ///', '# extra = 1', '# ///'));
    expect(result.blocks[0]?.closeLine).toBe(5);
    expect(result.script).toBeNull();
    expect(result.problems).toContainEqual(expect.objectContaining({ kind: 'toml', severity: 'error', line: 3 }));
  });

  it('an open line inside a block is an error naming that line', () => {
    const result = parsePep723(script('# /// script', '# dependencies = []', '# /// other', '# ///'));
    expect(result.script).toBeNull();
    expect(result.problems).toContainEqual(expect.objectContaining({ kind: 'nested', severity: 'error', line: 3 }));
  });

  it('an empty block closes and then lacks dependencies', () => {
    const result = parsePep723('# /// script\n# ///\n');
    expect(result.blocks).toHaveLength(1);
    expect(result.problems).toEqual([expect.objectContaining({ kind: 'missing-dependencies', line: 1 })]);
  });

  it('reads the next block after an unclosed one', () => {
    const result = parsePep723(script('# /// script', 'pass', '# /// script', '# dependencies = ["mcp"]', '# ///'));
    expect(result.script?.block.openLine).toBe(3);
    expect(result.problems.filter((p) => p.severity !== 'info')).toEqual([expect.objectContaining({ kind: 'unclosed', line: 1 })]);
  });
});

describe('duplicates and unknown types', () => {
  it('two script blocks are an error and neither is used', () => {
    const result = parsePep723(script('# /// script', '# dependencies = []', '# ///', '', '# /// script', '# dependencies = ["x"]', '# ///'));
    expect(result.script).toBeNull();
    expect(result.problems).toEqual([expect.objectContaining({ kind: 'duplicate', severity: 'error', line: 5 })]);
  });

  it('an unknown type is not read but still counts for duplicates', () => {
    const single = parsePep723(script('# /// pyproject', '# not = toml = at all', '# ///', 'x = 1', '# /// script', '# dependencies = []', '# ///'));
    expect(single.problems).toEqual([expect.objectContaining({ kind: 'no-exclude-newer', severity: 'info' })]);
    expect(single.script?.dependencies).toEqual([]);
    const twice = parsePep723(script('# /// extra', '# ///', '', '# /// extra', '# ///'));
    expect(twice.problems).toEqual([expect.objectContaining({ kind: 'duplicate', line: 4 })]);
    // Without the blank line the runs join: the second open line sits inside the first block.
    const joined = parsePep723(script('# /// extra', '# ///', '# /// extra', '# ///'));
    expect(joined.problems).toEqual([expect.objectContaining({ kind: 'nested', line: 3 })]);
  });

  it('a missing script block is an error only when the policy expects one', () => {
    expect(parsePep723('print(1)\n').problems).toEqual([]);
    expect(parsePep723('print(1)\n', { expectHeader: true }).problems).toEqual([expect.objectContaining({ kind: 'missing', severity: 'error' })]);
  });
});

describe('the script table', () => {
  it('requires dependencies', () => {
    expect(parsePep723('# /// script\n# requires-python = ">=3.10"\n# ///\n').problems).toEqual([expect.objectContaining({ kind: 'missing-dependencies', severity: 'error', line: 1 })]);
  });

  it('names the line of a bad dependency, a non-string dependency and a bad requires-python', () => {
    const bad = parsePep723(script('# /// script', '# dependencies = [', '#   "mcp",', '#   "not a requirement!",', '# ]', '# ///'));
    expect(bad.script).toBeNull();
    expect(bad.problems).toContainEqual(expect.objectContaining({ kind: 'bad-dependency', line: 4 }));
    expect(parsePep723('# /// script\n# dependencies = [1]\n# ///').problems).toContainEqual(expect.objectContaining({ kind: 'bad-dependency', line: 2 }));
    expect(parsePep723('# /// script\n# dependencies = "mcp"\n# ///').problems).toContainEqual(expect.objectContaining({ kind: 'bad-dependency', line: 2 }));
    const python = parsePep723(script('# /// script', '# dependencies = []', '# requires-python = "3.10 or newer"', '# ///'));
    expect(python.problems).toContainEqual(expect.objectContaining({ kind: 'bad-requires-python', line: 3 }));
  });

  it('maps a TOML error to the script line that holds it', () => {
    const result = parsePep723(script('import os', '# /// script', '# dependencies = []', '# dependencies = ["x"]', '# ///'));
    expect(result.problems).toEqual([expect.objectContaining({ kind: 'toml', severity: 'error', line: 4 })]);
  });

  it('names the script line and column of a TOML error and the reason', () => {
    const result = parsePep723(script('import os', '# /// script', '# dependencies = []', '# requires-python = >=3.10', '# ///'));
    expect(result.problems).toEqual([{ kind: 'toml', severity: 'error', line: 4, message: 'invalid TOML in the script block on line 4, column 21: invalid value' }]);
  });

  it('puts an error at the end of the block on its last line', () => {
    const result = parsePep723(script('# /// script', '# dependencies = [', '#   "x",', '# ///'));
    expect(result.problems).toEqual([expect.objectContaining({ kind: 'toml', line: 3, message: 'invalid TOML in the script block on line 3, column 9: invalid value (the TOML ends before it is complete)' })]);
  });

  it('warns about unknown top-level keys and allows [tool]', () => {
    const result = parsePep723(script('# /// script', '# dependencies = []', '# name = "x"', '# [tool.other]', '# a = 1', '# ///'));
    expect(result.script).not.toBeNull();
    expect(result.problems).toContainEqual(expect.objectContaining({ kind: 'unknown-key', severity: 'warn', line: 3 }));
  });

  it('reports a malformed exclude-newer as a warning', () => {
    const result = parsePep723(script('# /// script', '# dependencies = []', '# [tool.uv]', '# exclude-newer = "last tuesday"', '# ///'));
    expect(result.problems).toEqual([expect.objectContaining({ kind: 'bad-tool', severity: 'warn', line: 4 })]);
  });
});
