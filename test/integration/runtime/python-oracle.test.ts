// Differential tests against CPython, the reference PEP 723 names: the TOML reader against tomllib
// (its known differences listed and checked), canonical JSON against json.dumps(sort_keys, compact,
// ensure_ascii=False), and the block reader against the PEP's reference regex (on the inputs where
// python-runtime.md does not deliberately differ).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/main/runtime/canonical-json';
import { parsePep723 } from '../../../src/main/runtime/pep723';
import { parseToml, TomlDateTime, type TomlValue } from '../../../src/main/runtime/toml/parse';
import { REPO_ROOT } from '../../helpers/workspace';
import { smokePython } from './helpers/python';

const TOML_CASES = [
  'a = 1', 'a = +1_000', 'a = 0xDEAD_BEEF', 'a = 0o17', 'a = 0b101', 'a = -0', 'a = 9223372036854775807', 'a = 9223372036854775808', 'a = -9223372036854775808',
  'a = 1.5', 'a = -3e-2', 'a = 1E6', 'a = 6.626e-34', 'a = 1e06', 'a = inf', 'a = -inf', 'a = nan', 'a = +nan', 'a = 1.', 'a = .5', 'a = 1e', 'a = 01', 'a = 1__2', 'a = _1', 'a = 0x', 'a = -0x1',
  'a = true', 'a = false', 'a = True', 'a = tru',
  'a = "x"', "a = 'x'", 'a = "\\u00e9\\U0001F600"', 'a = "\\x41"', 'a = "\\ud800"', 'a = "tab\there"', 'a = "\u0001"', "a = 'a\\b'",
  'a = """\nx\\\n   y"""', 'a = """""""', "a = ''''''", 'a = """a""""', "a = '''a''''", 'a = """a"""""', 'a = """\r\nx"""', 'a = """x\\ \n y"""',
  'a = 1979-05-27T07:32:00Z', 'a = 1979-05-27 07:32:00-08:00', 'a = 1979-05-27T07:32:00.999999', 'a = 1979-05-27', 'a = 07:32:00', 'a = 07:32:00.5',
  'a = 2000-02-29', 'a = 2001-02-29', 'a = 1979-13-01', 'a = 1979-05-27T24:00:00', 'a = 1979-05-27T07:32:60', 'a = 1979-05-27T07:32', 'a = 1979-05-27t07:32:00z',
  'a = [1, 2, 3]', 'a = [\n 1,\n 2, # c\n]', 'a = [1, "x", [true]]', 'a = [,]', 'a = [1,,2]', 'a = []', 'a = [ ]',
  'a = { x = 1, y = "2" }', 'a = {}', 'a = { x = 1, }', 'a = { x = 1\n}', 'a = { x.y = 1, x.z = 2 }', 'a = { x = {y = 1}, x.z = 2 }',
  '[t]\nx = 1', '[t]\n[t]', '[a.b]\n[a]', '[a]\n[a.b]\n[a]', '[ a . b ]\nx=1', '[a]b=1', '["quoted key".x]\ny = 1', "['lit']\nx=1",
  '[[a]]\nx=1\n[[a]]\nx=2', '[[a]]\n[a.b]\nc=1', 'a=[1]\n[[a]]', '[[a]]\n[a]', '[a]\n[[a]]', '[[a.b]]\n[a]\nc=1',
  'a.b.c = 1\na.d = 2', 'a.b = 1\n[a]', 'a.b = 1\n[a.c]\nx = 1', '[x]\na.b = 1\n[x.a]', '[x]\na.b = 1\n[x.a.c]\nd = 1',
  '[a.b.c]\n[a]\nb.d = 1', '[a.b.c]\n[a]\nb.d = 1\n[a.b]', '[a.b]\n[a]\nb.c = 1', 'a = {b = 1}\n[a.c]', 'a = {b = 1}\na.c = 1',
  'a = 1\na = 2', 'a = 1\n"a" = 2', 'a = 1 b = 2', 'a = 1 # comment', '# only a comment', '', 'a =', '= 1', 'a = 1\r\nb = 2', 'a = 1\rb = 2',
  'a-b_c = 1', '"" = 1', "'' = 1", '1234 = 1', 'a . b = 1', 'a.\nb = 1', '"a\nb" = 1', '"a" = 1\n"\\u0061" = 2',
  'dependencies = ["mcp==2.2.0"]\nrequires-python = ">=3.10"\n\n[tool.uv]\nexclude-newer = "2026-11-28T00:00:00Z"',
  'a = "\\e"', 'a = 07:32', 'a = { x = 1,\n  y = 2,\n}', 'a = 1979-02-30',
];

/**
 * Where Gatehouse's reader (smol-toml 1.9, TOML 1.1.0) knowingly differs from tomllib, and why. A case
 * here is checked both ways: tomllib must still give the other answer, and ours must be the one named
 * (when the oracle's tomllib gives our answer, as Python 3.15's reads TOML 1.1, the plain check applies).
 */
const TOML_1_1 = 'TOML 1.1 allows it; tomllib before Python 3.15 reads TOML 1.0 (uv and Codex read 1.1)';
const DIFFERS: Record<string, { ours: 'accepts' | 'rejects'; why: string }> = {
  'a = "\\x41"': { ours: 'accepts', why: TOML_1_1 },
  'a = "\\e"': { ours: 'accepts', why: TOML_1_1 },
  'a = 1979-05-27T07:32': { ours: 'accepts', why: TOML_1_1 },
  'a = 07:32': { ours: 'accepts', why: TOML_1_1 },
  'a = { x = 1, }': { ours: 'accepts', why: TOML_1_1 },
  'a = { x = 1\n}': { ours: 'accepts', why: TOML_1_1 },
  'a = { x = 1,\n  y = 2,\n}': { ours: 'accepts', why: TOML_1_1 },
  'a = 2001-02-29': { ours: 'accepts', why: "smol-toml's Date-based dates roll an impossible day over (Temporal, which rejects it, is not in Node 20); uv rejects such a header itself" },
  'a = 1979-02-30': { ours: 'accepts', why: "smol-toml's Date-based dates roll an impossible day over (Temporal, which rejects it, is not in Node 20); uv rejects such a header itself" },
  '[a.b.c]\n[a]\nb.d = 1': { ours: 'rejects', why: 'smol-toml counts a.b (made by the [a.b.c] header) as defined, so dotted keys under [a] may not add to it' },
};

const JSON_CASES: unknown[] = [
  { b: '1', a: ['x', null, true, false] },
  { '\uFFFF': 'bmp', '\u{10000}': 'astral', 'é': 'e-acute', Z: 'upper', a: 'lower', '': 'empty' },
  ['\b\f\n\r\t', '\u0000\u001f\u007f\u0080', 'é✓😀', 'q"b\\/', '\u2028\u2029'],
  { nested: { z: { y: ['deep'] } }, list: [[], {}] },
];

const PEP723_CASES = [
  '# /// script\n# dependencies = []\n# ///\n',
  'x = 1\n# /// script\n# requires-python = ">=3.10"\n# dependencies = [\n#   "mcp",\n# ]\n#\n# [tool.uv]\n# exclude-newer = "2026-01-01T00:00:00Z"\n# ///\nprint()\n',
  '# /// script\n# dependencies = []\n# note = """\n# ///\n# """\n# ///\n',
  '# /// script\n# dependencies = []\n# ///\n\n# /// script\n# dependencies = ["x"]\n# ///\n',
  '# /// script\n# dependencies = []\nimport os\n# ///\n',
  '# /// script\n# dependencies = []\n#foo\n# ///\n',
  '# /// pyproject\n# a = 1\n# ///\nx = 1\n# /// script\n# dependencies = ["a"]\n# ///',
  ' # /// script\n# dependencies = []\n# ///\n',
  '# /// script \n# dependencies = []\n# ///\n',
  '# /// script\n# dependencies = []\n# /// \n',
];

type Tagged = unknown;
let answers: { toml: ({ ok: true; value: Tagged } | { ok: false })[]; json: string[]; pep723: ({ ok: true; content: string } | { ok: false } | null)[] };

beforeAll(() => {
  const python = smokePython();
  const version = spawnSync(python, ['-c', 'import sys; print(sys.version_info >= (3, 11))'], { encoding: 'utf8' }).stdout.trim();
  if (version !== 'True') throw new Error(`${python} has no tomllib (Python 3.11+ is needed for this oracle); set GATEHOUSE_SMOKE_PYTHON to a 3.11+ interpreter`);
  const result = spawnSync(python, ['-I', join(REPO_ROOT, 'test/fixtures/python/oracle.py')], { input: JSON.stringify({ toml: TOML_CASES, json: JSON_CASES, pep723: PEP723_CASES }), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  answers = JSON.parse(result.stdout);
});

function matches(expected: Tagged, actual: TomlValue): boolean {
  if (expected && typeof expected === 'object' && !Array.isArray(expected)) {
    const tag = expected as Record<string, unknown>;
    if ('$int' in tag) return (typeof actual === 'number' || typeof actual === 'bigint') && String(actual) === tag.$int;
    if ('$float' in tag) {
      const text = tag.$float as string;
      const number = text === 'inf' ? Infinity : text === '-inf' ? -Infinity : Number(text);
      return typeof actual === 'number' && (Number.isNaN(number) ? Number.isNaN(actual) : Object.is(actual, number));
    }
    if ('$date' in tag) return actual instanceof TomlDateTime && actual.kind === tag.$date;
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual) || actual instanceof TomlDateTime) return false;
    const keys = Object.keys(tag);
    return keys.length === Object.keys(actual).length && keys.every((k) => k in actual && matches(tag[k], (actual as Record<string, TomlValue>)[k] as TomlValue));
  }
  if (Array.isArray(expected)) return Array.isArray(actual) && expected.length === actual.length && expected.every((e, i) => matches(e, actual[i] as TomlValue));
  return expected === actual;
}

describe('TOML reader agrees with tomllib', () => {
  it.each(TOML_CASES.map((text, index) => [text, index] as const))('%j', (text, index) => {
    const expected = answers.toml[index];
    let actual: TomlValue | 'error';
    try {
      actual = parseToml(text);
    } catch {
      actual = 'error';
    }
    const differs = DIFFERS[text];
    if (differs && Boolean(expected?.ok) === (differs.ours === 'rejects')) {
      expect(actual === 'error' ? 'rejects' : 'accepts', differs.why).toBe(differs.ours);
      return;
    }
    if (!expected?.ok) expect(actual, 'tomllib rejects this').toBe('error');
    else {
      expect(actual, 'tomllib accepts this').not.toBe('error');
      expect(matches(expected.value, actual as TomlValue), JSON.stringify(expected.value)).toBe(true);
    }
  });
});

describe('canonical JSON agrees with json.dumps', () => {
  it.each(JSON_CASES.map((value, index) => [index, value] as const))('case %i', (index, value) => {
    expect(canonicalJson(value)).toBe(answers.json[index]);
  });
});

describe('the block reader agrees with the PEP reference regex', () => {
  it.each(PEP723_CASES.map((text, index) => [text, index] as const))('%j', (text, index) => {
    const expected = answers.pep723[index];
    const result = parsePep723(text);
    if (expected === null || expected === undefined) expect(result.script).toBeNull();
    else if (!expected.ok) expect(result.problems.some((p) => p.kind === 'duplicate')).toBe(true);
    else expect(`${result.script?.block.lines.join('\n')}\n`).toBe(expected.content);
  });
});
