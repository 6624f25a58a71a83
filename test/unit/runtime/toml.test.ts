// The TOML reader (smol-toml behind runtime/toml/parse.ts) as Gatehouse's callers see it: value shapes,
// table rules, the TOML 1.1 additions, and errors that give line, column and reason but no source text.
import { describe, expect, it } from 'vitest';
import { parseToml, TomlDateTime, TomlError } from '../../../src/main/runtime/toml/parse';

const plain = (text: string) => JSON.parse(JSON.stringify(parseToml(text), (_k, v) => (typeof v === 'bigint' ? `${v}n` : v instanceof TomlDateTime ? `${v.kind}:${v.text}` : v)));

function errorOf(text: string): TomlError {
  try {
    parseToml(text);
  } catch (error) {
    expect(error).toBeInstanceOf(TomlError);
    return error as TomlError;
  }
  throw new Error(`expected a TOML error for: ${text}`);
}

describe('TOML values', () => {
  it('reads the four string kinds with escapes and trimming rules', () => {
    const doc = plain([
      'a = "tab\\there \\"q\\" \\u00e9 \\U0001F600"',
      "b = 'C:\\raw\\path'",
      'c = """',
      'line one \\',
      '    continued',
      '  two""""',
      "d = '''",
      "first\\n ''kept''''",
    ].join('\n'));
    expect(doc).toEqual({ a: 'tab\there "q" é 😀', b: 'C:\\raw\\path', c: 'line one continued\n  two"', d: "first\\n ''kept'" });
  });

  it('reads integers, floats and booleans', () => {
    const doc = plain('i = +1_000\nh = 0xDEAD_beef\no = 0o755\nb = 0b1101\nf = -3.5e+2_0\ng = 6.626e-34\nz = -0.0\npi = inf\nn = nan\nt = true\nbig = 9223372036854775807');
    expect(doc).toMatchObject({ i: 1000, h: 0xdeadbeef, o: 0o755, b: 13, f: -3.5e20, g: 6.626e-34, t: true, big: '9223372036854775807n' });
    const raw = parseToml('pi = -inf\nn = nan');
    expect(raw.pi).toBe(Number.NEGATIVE_INFINITY);
    expect(Number.isNaN(raw.n)).toBe(true);
  });

  it('reads the four date-time kinds, as their kind and ISO text to the millisecond', () => {
    expect(plain('a = 1979-05-27T07:32:00Z\nb = 1979-05-27 07:32:00.999-07:00\nc = 1979-05-27T07:32:00\nd = 1979-05-27\ne = 07:32:00.123456')).toEqual({
      a: 'offset-datetime:1979-05-27T07:32:00.000Z',
      b: 'offset-datetime:1979-05-27T07:32:00.999-07:00',
      c: 'local-datetime:1979-05-27T07:32:00.000',
      d: 'local-date:1979-05-27',
      e: 'local-time:07:32:00.123',
    });
  });

  it('reads arrays across lines with comments and a trailing comma, and inline tables', () => {
    expect(plain('deps = [\n  "a", # first\n  "b",\n]\npoint = { x = 1, y.z = 2 }\nmixed = [1, "two", [3]]')).toEqual({
      deps: ['a', 'b'],
      point: { x: 1, y: { z: 2 } },
      mixed: [1, 'two', [3]],
    });
  });
});

describe('TOML tables', () => {
  it('builds tables, dotted keys, quoted keys and arrays of tables', () => {
    expect(plain('[tool.uv]\nexclude-newer = "2026-01-01T00:00:00Z"\n"quoted key".x = 1\n[[bin]]\nname = "a"\n[[bin]]\nname = "b"\n[bin.sub]\nv = 1')).toEqual({
      tool: { uv: { 'exclude-newer': '2026-01-01T00:00:00Z', 'quoted key': { x: 1 } } },
      bin: [{ name: 'a' }, { name: 'b', sub: { v: 1 } }],
    });
  });

  it('allows a super-table after its sub-table, and sub-tables of dotted tables', () => {
    expect(plain('[a.b]\nx = 1\n[a]\ny = 2')).toEqual({ a: { b: { x: 1 }, y: 2 } });
    expect(plain('[fruit]\napple.color = "red"\n[fruit.apple.texture]\nsmooth = true')).toEqual({ fruit: { apple: { color: 'red', texture: { smooth: true } } } });
  });

  it('keeps "__proto__" and "constructor" keys as plain data', () => {
    const doc = parseToml('"__proto__" = 1\nconstructor.x = 2');
    expect(Object.keys(doc)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(doc)).toBeNull();
    expect(Object.getPrototypeOf(doc.constructor)).toBeNull();
    expect(parseToml('a = 1').toString).toBeUndefined();
  });
});

describe('TOML 1.1 additions (Codex and uv read them too)', () => {
  it('accepts inline tables across lines with a trailing comma, \\e and \\x escapes, and times without seconds', () => {
    expect(plain('t = {\n  a = 1, # one\n  b = 2,\n}\ns = "\\e\\x41"\nm = 07:32\nd = 1979-05-27T07:32Z')).toEqual({
      t: { a: 1, b: 2 },
      s: '\u001bA',
      m: 'local-time:07:32:00.000',
      d: 'offset-datetime:1979-05-27T07:32:00.000Z',
    });
  });
});

describe('TOML errors name their line and column', () => {
  it.each([
    ['a = 1\na = 2', 2, 1],
    ['[t]\nx = 1\n[t]', 3, 2],
    ['x = "open\ny = 1', 1, 10],
    ['ok = 1\nbad = "\\q"', 2, 9],
    ['n = 012', 1, 5],
    ['n = 1__0', 1, 7],
    ['f = 1.', 1, 5],
    ['f = .5', 1, 5],
    ['t = {a = 1}\nt.b = 2', 2, 1],
    ['[a]\nb.c = 1\n[a.b]', 3, 2],
    ['[a.b]\n[a]\nb.c = 1', 3, 1],
    ['a = [1, 2]\n[[a]]', 2, 3],
    ['[[a]]\n[a]', 2, 2],
    ['d = 07:60:00', 1, 5],
    ['x = 1 y = 2', 1, 7],
    ['\n\nkey', 3, 1],
    ['s = "\u0007"', 1, 6],
    ['s = """\nmulti\nline', 1, 5],
    ['a = [1\n2]', 2, 1],
    ['a.b = 1\n[a]', 2, 2],
  ])('%j fails at %i:%i', (text, line, column) => {
    expect(errorOf(text)).toMatchObject({ line, column });
  });

  it('says when the text stops inside a value', () => {
    expect(errorOf('a = [\n  "x",\n')).toMatchObject({ line: 3, column: 1, message: 'invalid value (the TOML ends before it is complete)' });
    expect(errorOf('a = [1, 2\n  , 3] # ok\nb = {\n')).toMatchObject({ line: 4, column: 1, message: 'incomplete key-value: cannot find end of key (the TOML ends before it is complete)' });
    expect(errorOf('a = [1,,2]\n').message).toBe('invalid value');
  });

  it('gives the reason alone, never the text around it (a config line may hold a token)', () => {
    const error = errorOf('[mcp_servers.x]\nenv = { TOKEN = "s3cr3t-value" }\nurl = \n');
    expect(error).toMatchObject({ line: 3, column: 7, message: 'invalid value' });
    expect(`${error.message} ${error.stack} ${JSON.stringify(error)}`).not.toContain('s3cr3t');
  });
});
