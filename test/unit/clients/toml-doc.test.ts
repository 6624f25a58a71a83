// TOML edits beyond the golden files: an existing table keeps its comments, unknown keys and sub-tables;
// layouts Gatehouse will not rewrite (inline tables, dotted keys) are refused with a line.
import { describe, expect, it } from 'vitest';
import { openToml, tomlValue } from '../../../src/main/clients/toml-doc';
import { scanToml } from '../../../src/main/clients/toml-scan';
import { parseToml } from '../../../src/main/runtime/toml/parse';

const OWNED = ['command', 'args', 'url', 'bearer_token_env_var'];
const STDIO = { command: 'gatehouse', args: ['serve', '--transport', 'stdio'] };
const HTTP = { url: 'http://127.0.0.1:3344/mcp' };

function open(text: string) {
  const opened = openToml('/cfg/config.toml', text, ['mcp_servers'], 'gatehouse');
  if (!opened.ok) throw new Error(opened.problem.message);
  return opened.doc;
}

describe('scanning', () => {
  it('never takes a line inside a multi-line array or string for a header', () => {
    const text = 'a = [\n  [1, 2],\n  "x # not a comment",\n]\nb = """\n[not.a.table]\n"""\n[real]\nc = 1 # note\n';
    const statements = scanToml(text);
    expect(statements.map((s) => [s.kind, s.keys.join('.'), s.line])).toEqual([
      ['pair', 'a', 1],
      ['pair', 'b', 5],
      ['table', 'real', 8],
      ['pair', 'c', 9],
    ]);
    const c = statements[3];
    expect(text.slice(c?.valueStart, c?.valueEnd)).toBe('1');
  });

  it('reads quoted and dotted keys', () => {
    expect(scanToml('[ mcp_servers . "gate\\u0068ouse" ]\n\'x y\'.z = 1\n').map((s) => s.keys)).toEqual([['mcp_servers', 'gatehouse'], ['x y', 'z']]);
  });

  it('reads a \\x escape in a quoted key (TOML 1.1)', () => {
    expect(scanToml('[mcp_servers."gate\\x68ouse"]\n').map((s) => s.keys)).toEqual([['mcp_servers', 'gatehouse']]);
  });
});

describe('setting the entry', () => {
  it('rewrites only the owned values of an existing table; comments, other keys and sub-tables stay', () => {
    const text = [
      '[mcp_servers.gatehouse]',
      'url = "http://127.0.0.1:9999/mcp" # old port',
      'startup_timeout_sec = 20',
      '',
      '[mcp_servers.gatehouse.env]',
      'LOG = "debug"',
      '',
    ].join('\n');
    expect(open(text).withEntry(HTTP, OWNED)).toBe(text.replace('9999', '3344'));
    expect(open(text).withEntry(STDIO, OWNED)).toBe(
      ['[mcp_servers.gatehouse]', 'startup_timeout_sec = 20', 'command = "gatehouse"', 'args = ["serve", "--transport", "stdio"]', '', '[mcp_servers.gatehouse.env]', 'LOG = "debug"', ''].join('\n'),
    );
  });

  it('creates the table in an empty file, and in one without a final newline', () => {
    expect(open('').withEntry(HTTP, OWNED)).toBe('[mcp_servers.gatehouse]\nurl = "http://127.0.0.1:3344/mcp"\n');
    expect(open('model = "o3"').withEntry(HTTP, OWNED)).toBe('model = "o3"\n\n[mcp_servers.gatehouse]\nurl = "http://127.0.0.1:3344/mcp"\n');
  });

  it('edits a file that uses TOML 1.1 (an inline table over several lines) and leaves that table alone', () => {
    const other = '[mcp_servers.other]\ncommand = "x"\nenv = {\n  KEY = "[not.a.table]",\n}\n';
    const text = `${other}\n[mcp_servers.gatehouse]\nurl = "http://127.0.0.1:9999/mcp"\n`;
    expect(open(text).entry).toEqual({ url: 'http://127.0.0.1:9999/mcp' });
    expect(open(text).withEntry(HTTP, OWNED)).toBe(text.replace('9999', '3344'));
    expect(open(text).withoutEntry()).toBe(other);
  });

  it('keeps CRLF line endings', () => {
    expect(open('model = "o3"\r\n').withEntry(HTTP, OWNED)).toBe('model = "o3"\r\n\r\n[mcp_servers.gatehouse]\r\nurl = "http://127.0.0.1:3344/mcp"\r\n');
  });

  it('escapes what a TOML basic string must escape', () => {
    expect(tomlValue('C:\\Program Files\\node.exe')).toBe('"C:\\\\Program Files\\\\node.exe"');
    expect(tomlValue('a"b\u007f\n')).toBe('"a\\"b\\u007f\\n"');
    const awkward = 'tab\there \u0000\u001f\u007f "q" \\ é 😀';
    expect(tomlValue(awkward)).toBe('"tab\\there \\u0000\\u001f\\u007f \\"q\\" \\\\ é 😀"');
    expect(parseToml(`v = ${tomlValue(awkward)}`).v).toBe(awkward);
  });
});

describe('removing the entry', () => {
  it('removes the table and its sub-tables, keeping one blank line between the neighbours', () => {
    const text = 'a = 1\n\n[mcp_servers.gatehouse]\nurl = "x"\n\n[mcp_servers.gatehouse.env]\nK = "v"\n\n[other]\nb = 2\n';
    expect(open(text).withoutEntry()).toBe('a = 1\n\n[other]\nb = 2\n');
  });

  it('changes nothing when there is no entry', () => {
    expect(open('a = 1\n').withoutEntry()).toBe('a = 1\n');
  });
});

describe('refusals', () => {
  it('names the file, line, column and reason of a parse error, and no text from the file', () => {
    const opened = openToml('/cfg/config.toml', 'token = "s3cr3t"\nb = \n', ['mcp_servers'], 'gatehouse');
    expect(opened).toMatchObject({ ok: false, problem: { code: 'parse_error', message: '/cfg/config.toml:2:5: invalid TOML: invalid value; fix the file, then run setup again.' } });
  });

  it('refuses an entry written as an inline table or with dotted keys, but still reads it', () => {
    const inline = open('[mcp_servers]\ngatehouse = { url = "x" }\n');
    expect(inline.entry).toEqual({ url: 'x' });
    expect(inline.withEntry(HTTP, OWNED)).toMatchObject({ problem: { code: 'unsupported_layout', message: expect.stringContaining('/cfg/config.toml:2: the "gatehouse" entry is written as a dotted key or an inline table') } });
    expect(open('mcp_servers.gatehouse.url = "x"\n').withoutEntry()).toMatchObject({ problem: { code: 'unsupported_layout' } });
  });

  it('refuses a servers map or entry that is not a table', () => {
    expect(openToml('/c.toml', 'mcp_servers = 1\n', ['mcp_servers'], 'gatehouse')).toMatchObject({ ok: false, problem: { code: 'bad_servers' } });
    expect(openToml('/c.toml', '[mcp_servers]\ngatehouse = "x"\n', ['mcp_servers'], 'gatehouse')).toMatchObject({ ok: false, problem: { code: 'bad_entry' } });
  });
});
