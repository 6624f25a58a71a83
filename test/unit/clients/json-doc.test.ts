// JSON/JSONC edits beyond the golden files: layouts (one-line, empty, CRLF, no file), comments next to
// what is removed, and the refusals that name file:line:column.
import { describe, expect, it } from 'vitest';
import { openJson } from '../../../src/main/clients/json-doc';

const OWNED = ['type', 'command', 'args', 'url', 'headers'];
const STDIO = { type: 'stdio', command: 'gatehouse', args: ['serve'] };

function open(text: string, format: 'json' | 'jsonc' = 'json', servers = ['mcpServers']) {
  const opened = openJson(format, '/cfg/x.json', text, servers, 'gatehouse');
  if (!opened.ok) throw new Error(opened.problem.message);
  return opened.doc;
}

function problem(text: string, format: 'json' | 'jsonc' = 'json') {
  const opened = openJson(format, '/cfg/x.json', text, ['mcpServers'], 'gatehouse');
  return opened.ok ? null : opened.problem;
}

const set = (text: string, format: 'json' | 'jsonc' = 'json') => open(text, format).withEntry(STDIO, OWNED);
const remove = (text: string, format: 'json' | 'jsonc' = 'json') => open(text, format).withoutEntry();

describe('setting the entry', () => {
  it('creates a whole file for an empty or blank one', () => {
    const expected = '{\n  "mcpServers": {\n    "gatehouse": {\n      "type": "stdio",\n      "command": "gatehouse",\n      "args": [\n        "serve"\n      ]\n    }\n  }\n}\n';
    expect(set('')).toBe(expected);
    expect(set('  \n')).toBe(expected);
  });

  it('opens up an empty object', () => {
    expect(set('{}')).toBe('{\n  "mcpServers": {\n    "gatehouse": {\n      "type": "stdio",\n      "command": "gatehouse",\n      "args": [\n        "serve"\n      ]\n    }\n  }\n}');
    expect(set('{\n  "mcpServers": {}\n}\n')).toBe('{\n  "mcpServers": {\n    "gatehouse": {\n      "type": "stdio",\n      "command": "gatehouse",\n      "args": [\n        "serve"\n      ]\n    }\n  }\n}\n');
  });

  it('keeps a one-line file on one line, spaced as it was', () => {
    expect(set('{"mcpServers": {"a": {"url": "x"}}}')).toBe('{"mcpServers": {"a": {"url": "x"}, "gatehouse": {"type": "stdio", "command": "gatehouse", "args": ["serve"]}}}');
    expect(set('{"mcpServers":{"a":{"url":"x"}}}')).toBe('{"mcpServers":{"a":{"url":"x"},"gatehouse":{"type":"stdio","command":"gatehouse","args":["serve"]}}}');
  });

  it('keeps CRLF line endings and tab indentation', () => {
    const text = '{\r\n\t"mcpServers": {\r\n\t\t"a": {}\r\n\t}\r\n}\r\n';
    expect(set(text)).toBe('{\r\n\t"mcpServers": {\r\n\t\t"a": {},\r\n\t\t"gatehouse": {\r\n\t\t\t"type": "stdio",\r\n\t\t\t"command": "gatehouse",\r\n\t\t\t"args": [\r\n\t\t\t\t"serve"\r\n\t\t\t]\r\n\t\t}\r\n\t}\r\n}\r\n');
  });

  it('leaves a trailing comment on the line it belongs to', () => {
    const text = '{\n  "mcpServers": {\n    "a": {} // keep me here\n  }\n}\n';
    expect(set(text, 'jsonc')).toBe('{\n  "mcpServers": {\n    "a": {}, // keep me here\n    "gatehouse": {\n      "type": "stdio",\n      "command": "gatehouse",\n      "args": [\n        "serve"\n      ]\n    }\n  }\n}\n');
  });

  it('creates a nested servers path that is missing', () => {
    const opened = openJson('json', '/cfg/x.json', '{\n  "a": 1\n}\n', ['mcp', 'servers'], 'gatehouse');
    if (!opened.ok) throw new Error('refused');
    expect(JSON.parse(opened.doc.withEntry({ url: 'u' }, ['url']) as string)).toEqual({ a: 1, mcp: { servers: { gatehouse: { url: 'u' } } } });
  });

  it('replaces only the owned keys of an existing entry, keeping the others and their comments', () => {
    const text = '{\n  "mcpServers": {\n    "gatehouse": {\n      "url": "old", // the old one\n      "timeout": 5\n    }\n  }\n}\n';
    expect(set(text, 'jsonc')).toBe('{\n  "mcpServers": {\n    "gatehouse": {\n      "timeout": 5,\n      "type": "stdio",\n      "command": "gatehouse",\n      "args": [\n        "serve"\n      ]\n    }\n  }\n}\n');
    const oneLine = '{"mcpServers": {"gatehouse": {"url": "old", "enabled": true}}}';
    expect(set(oneLine)).toBe('{"mcpServers": {"gatehouse": {"enabled": true, "type": "stdio", "command": "gatehouse", "args": ["serve"]}}}');
  });
});

describe('removing the entry', () => {
  it('keeps comments that belong to the neighbours', () => {
    const text = '{\n  "mcpServers": {\n    "a": {}, // a\'s note\n    "gatehouse": {"url": "x"}\n    // about b\n  }\n}\n';
    expect(remove(text, 'jsonc')).toBe('{\n  "mcpServers": {\n    "a": {} // a\'s note\n    // about b\n  }\n}\n');
    const middle = '{\n  "mcpServers": {\n    "gatehouse": {"url": "x"}, // ours\n    // about b\n    "b": {}\n  }\n}\n';
    expect(remove(middle, 'jsonc')).toBe('{\n  "mcpServers": {\n    // about b\n    "b": {}\n  }\n}\n');
  });

  it('leaves an empty servers map as {}', () => {
    expect(remove('{\n  "mcpServers": {\n    "gatehouse": {\n      "url": "x"\n    }\n  },\n  "z": 1\n}\n')).toBe('{\n  "mcpServers": {},\n  "z": 1\n}\n');
  });

  it('works on one-line files', () => {
    expect(remove('{"mcpServers": {"gatehouse": {"url": "x"}, "b": 1}}')).toBe('{"mcpServers": {"b": 1}}');
    expect(remove('{"mcpServers": {"b": 1, "gatehouse": {"url": "x"}}}')).toBe('{"mcpServers": {"b": 1}}');
    expect(remove('{"mcpServers": {"gatehouse": {"url": "x"}}}')).toBe('{"mcpServers": {}}');
  });

  it('changes nothing when there is no entry', () => {
    const text = '{"mcpServers": {"b": 1}}';
    expect(remove(text)).toBe(text);
  });
});

describe('refusals', () => {
  it('names file:line:column for a parse error', () => {
    expect(problem('{\n  "mcpServers": {\n    "a": 1,\n  }\n}')?.message).toMatch(/^\/cfg\/x\.json:4:3: invalid JSON: /);
    expect(problem('{\n  // no comments in strict JSON\n}')?.message).toContain('/cfg/x.json:2:3: invalid JSON: comments are not allowed in JSON');
    expect(problem('{\n  // fine in JSONC\n}', 'jsonc')).toBeNull();
  });

  it('refuses a top level that is not an object', () => {
    expect(problem('[1, 2]')).toMatchObject({ code: 'not_an_object', message: expect.stringContaining('is an array, not a JSON object') });
    expect(problem('// only a comment', 'jsonc')).toMatchObject({ code: 'not_an_object' });
  });

  it('refuses a servers map or entry that is not an object, with its place', () => {
    expect(problem('{\n  "mcpServers": []\n}')).toMatchObject({ code: 'bad_servers', message: '/cfg/x.json:2:17: "mcpServers" is an array, not an object; fix it by hand, then run setup again.' });
    expect(problem('{"mcpServers": {"gatehouse": "on"}}')).toMatchObject({ code: 'bad_entry', message: expect.stringContaining('1:30: the "gatehouse" entry is a string') });
  });

  it('refuses duplicate keys on the way to the entry', () => {
    expect(problem('{\n  "mcpServers": {},\n  "mcpServers": {}\n}')).toMatchObject({ code: 'duplicate_key', message: expect.stringContaining('/cfg/x.json:3:3: "mcpServers" appears 2 times') });
    expect(problem('{"mcpServers": {"gatehouse": {}, "gatehouse": {}}}')).toMatchObject({ code: 'duplicate_key' });
  });
});
