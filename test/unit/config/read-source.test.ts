import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSource } from '../../../src/main/config/read-source';

let dir: string;
const defaultCwd = '/default/cwd';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-read-source-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function write(text: string, name = '.mcp.json'): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const lines = (...parts: string[]) => parts.join('\n');

describe('readSource: the file as a whole', () => {
  it('reports a missing file as exists: false without issues', () => {
    const readout = readSource({ source: 'user', path: join(dir, 'nope.json'), defaultCwd });
    expect(readout).toMatchObject({ source: 'user', exists: false, fatal: false, issues: [] });
    expect(readout.servers.size).toBe(0);
  });

  it('makes invalid JSON fatal with the line and column of the error', () => {
    const path = write(lines('{', '  "mcpServers": {', '    "a": {"command": "x"}', '    "b": {"command": "y"}', '  }', '}'));
    const readout = readSource({ source: 'project', path, defaultCwd });
    expect(readout.exists).toBe(true);
    expect(readout.fatal).toBe(true);
    expect(readout.servers.size).toBe(0);
    expect(readout.issues).toHaveLength(1);
    expect(readout.issues[0]).toMatchObject({ source: 'project', path, line: 4, column: 5, field: null });
    expect(readout.issues[0]?.message).toMatch(/^invalid JSON: "," expected/);
  });

  it('rejects comments (other clients share the file and read strict JSON)', () => {
    const path = write(lines('{', '  // servers', '  "mcpServers": {}', '}'));
    const readout = readSource({ source: 'user', path, defaultCwd });
    expect(readout.fatal).toBe(true);
    expect(readout.issues[0]).toMatchObject({ line: 2, column: 3 });
    expect(readout.issues[0]?.message).toContain('comments are not allowed');
  });

  it('makes a wrong top-level shape fatal, naming the field and its line', () => {
    const path = write(lines('{', '  "mcpServers": {},', '  "autoStart": "alpha"', '}'));
    const readout = readSource({ source: 'user', path, defaultCwd });
    expect(readout.fatal).toBe(true);
    expect(readout.issues).toHaveLength(1);
    expect(readout.issues[0]).toMatchObject({ field: 'autoStart', line: 3, column: 3 });
  });

  it('makes a non-object file fatal', () => {
    const readout = readSource({ source: 'user', path: write('[]'), defaultCwd });
    expect(readout.fatal).toBe(true);
    expect(readout.issues[0]).toMatchObject({ field: null, line: 1, column: 1 });
  });

  it('makes a path that is not a regular file fatal without a location', () => {
    // A directory where the file should be: refused by kind whoever runs the test.
    const path = join(dir, 'folder.json');
    mkdirSync(path);
    const readout = readSource({ source: 'user', path, defaultCwd });
    expect(readout).toMatchObject({ exists: true, fatal: true });
    expect(readout.issues).toHaveLength(1);
    expect(readout.issues[0]).toMatchObject({ line: null, column: null, field: null });
    expect(readout.issues[0]?.message).toBe('is a folder, not a regular file');
  });

  it('reads text given in place of the file and marks default definitions without a source path', () => {
    const readout = readSource({
      source: 'default',
      path: '(embedded default)',
      defaultCwd,
      text: '{"mcpServers": {"everything": {"command": "npx", "args": ["-y", "pkg"]}}}',
    });
    expect(readout.fatal).toBe(false);
    expect(readout.servers.get('everything')).toMatchObject({ source: 'default', sourcePath: null, command: 'npx', args: ['-y', 'pkg'] });
  });

  it('reads autoStart and disableAutoStart and keeps unknown top-level keys harmless', () => {
    const path = write(JSON.stringify({ mcpServers: {}, autoStart: ['a', 'b'], disableAutoStart: ['b'], otherTool: { x: 1 } }));
    const readout = readSource({ source: 'user', path, defaultCwd });
    expect(readout.fatal).toBe(false);
    expect(readout.issues).toEqual([]);
    expect(readout.autoStart).toEqual(['a', 'b']);
    expect(readout.disableAutoStart).toEqual(['b']);
  });

  it('defaults missing top-level keys to empty', () => {
    const readout = readSource({ source: 'user', path: write('{}'), defaultCwd });
    expect(readout).toMatchObject({ fatal: false, issues: [], autoStart: [], disableAutoStart: [] });
    expect(readout.servers.size).toBe(0);
  });
});

describe('readSource: entries', () => {
  it('skips an entry with a wrong field type, naming the field and its line, and keeps the others', () => {
    const path = write(
      lines(
        '{',
        '  "mcpServers": {',
        '    "good": {"command": "node", "args": ["server.js"]},',
        '    "bad": {',
        '      "command": "node",',
        '      "args": "x"',
        '    },',
        '    "alsoGood": {"url": "https://example.com/mcp"}',
        '  }',
        '}',
      ),
    );
    const readout = readSource({ source: 'project', path, defaultCwd });
    expect(readout.fatal).toBe(false);
    expect([...readout.servers.keys()]).toEqual(['good', 'alsoGood']);
    expect(readout.issues).toHaveLength(1);
    expect(readout.issues[0]).toMatchObject({ source: 'project', path, field: 'mcpServers.bad.args', line: 6, column: 7 });
    expect(readout.issues[0]?.message).toMatch(/^server "bad": /);
  });

  it('skips an entry with neither command nor url, pointing at the entry', () => {
    const path = write(lines('{', '  "mcpServers": {', '    "empty": {"args": ["x"]}', '  }', '}'));
    const readout = readSource({ source: 'user', path, defaultCwd });
    expect(readout.servers.size).toBe(0);
    expect(readout.issues).toEqual([
      {
        source: 'user',
        path,
        line: 3,
        column: 5,
        field: 'mcpServers.empty',
        message: 'server "empty": an entry needs "command" (stdio) or "url" (remote)',
      },
    ]);
  });

  it('skips an entry that is not an object', () => {
    const path = write(lines('{', '  "mcpServers": {', '    "str": "node server.js"', '  }', '}'));
    const readout = readSource({ source: 'user', path, defaultCwd });
    expect(readout.servers.size).toBe(0);
    expect(readout.issues[0]).toMatchObject({ field: 'mcpServers.str', line: 3 });
    expect(readout.issues[0]?.message).toContain('must be an object');
  });

  it('skips server names with "::", whitespace or control characters', () => {
    const path = write(
      JSON.stringify({ mcpServers: { 'a::b': { command: 'x' }, 'has space': { command: 'x' }, 'ctl\u0007': { command: 'x' }, ok: { command: 'x' } } }, null, 2),
    );
    const readout = readSource({ source: 'user', path, defaultCwd });
    expect([...readout.servers.keys()]).toEqual(['ok']);
    expect(readout.issues.map((i) => i.field)).toEqual(['mcpServers.a::b', 'mcpServers.has space', 'mcpServers.ctl\u0007']);
    expect(readout.issues[0]).toMatchObject({ line: 3, column: 5 });
    expect(readout.issues[0]?.message).toContain('"a::b" is invalid');
  });

  it('refuses names with a path separator or that are dot names, for Python servers too (issue 11, item 12)', () => {
    const python = { command: 'uv', gatehouse: { python: { script: 'server.py' } } };
    const path = write(JSON.stringify({ mcpServers: { '..': python, '.': python, 'a/b': python, 'a\\b': { command: 'x' }, 'ok.name': python } }, null, 2));
    const readout = readSource({ source: 'project', path, defaultCwd });
    expect([...readout.servers.keys()]).toEqual(['ok.name']);
    expect(readout.issues.map((i) => i.field)).toEqual(['mcpServers...', 'mcpServers..', 'mcpServers.a/b', 'mcpServers.a\\b']);
    expect(readout.issues[0]?.message).toBe('server name ".." is invalid: a name is not "." or ".."; rename the entry');
    expect(readout.issues[2]?.message).toBe('server name "a/b" is invalid: a name has no "/" or "\\"; rename the entry');
    expect(readout.issues[0]).toMatchObject({ line: 3, column: 5 });
  });

  it('rejects an empty command and a non-http url', () => {
    const path = write(JSON.stringify({ mcpServers: { e: { command: '' }, f: { url: 'ftp://example.com/x' } } }, null, 2));
    const readout = readSource({ source: 'user', path, defaultCwd });
    expect(readout.servers.size).toBe(0);
    expect(readout.issues.map((i) => i.field)).toEqual(['mcpServers.e.command', 'mcpServers.f.url']);
    expect(readout.issues[1]?.message).toContain('url must be an http(s) URL');
  });

  it('maps url entries to Streamable HTTP unless the type is sse', () => {
    const path = write(
      JSON.stringify({
        mcpServers: {
          plain: { url: 'https://a.example/mcp' },
          http: { type: 'http', url: 'https://b.example/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } },
          streamable: { type: 'streamable-http', url: 'http://localhost:3000/mcp' },
          remote: { type: 'remote', url: 'https://c.example/mcp' },
          legacy: { type: 'sse', url: 'https://d.example/sse' },
        },
      }),
    );
    const readout = readSource({ source: 'custom', path, defaultCwd });
    const transports = Object.fromEntries([...readout.servers].map(([name, def]) => [name, def.transport]));
    expect(transports).toEqual({ plain: 'http', http: 'http', streamable: 'http', remote: 'http', legacy: 'sse' });
    expect(readout.servers.get('http')).toMatchObject({
      url: 'https://b.example/mcp',
      headers: { Authorization: 'Bearer ${TOKEN}' },
      source: 'custom',
      sourcePath: path,
    });
    expect(readout.servers.get('plain')).toMatchObject({ headers: {} });
  });

  it('resolves a relative command containing "/" and a relative cwd against the file\'s folder', () => {
    const sub = join(dir, 'cfg');
    mkdirSync(sub);
    const path = join(sub, '.mcp.json');
    writeFileSync(
      path,
      JSON.stringify({
        mcpServers: {
          local: { command: './bin/server', cwd: '../work' },
          bare: { command: 'npx' },
          absolute: { command: '/usr/bin/python3', cwd: '/srv/app' },
        },
      }),
    );
    const readout = readSource({ source: 'project', path, defaultCwd });
    expect(readout.servers.get('local')).toMatchObject({ transport: 'stdio', command: join(sub, 'bin', 'server'), cwd: join(dir, 'work') });
    expect(readout.servers.get('bare')).toMatchObject({ command: 'npx', cwd: defaultCwd, args: [], env: {} });
    expect(readout.servers.get('absolute')).toMatchObject({ command: '/usr/bin/python3', cwd: '/srv/app' });
  });

  it('keeps env values uninterpolated and accepts the stdio and legacy local types', () => {
    const path = write(
      JSON.stringify({
        mcpServers: {
          s: { type: 'stdio', command: 'x', env: { TOKEN: '${GITHUB_TOKEN}', MODE: '${MODE:-dev}' } },
          l: { type: 'local', command: 'y' },
        },
      }),
    );
    const readout = readSource({ source: 'user', path, defaultCwd });
    expect(readout.issues).toEqual([]);
    expect(readout.servers.get('s')).toMatchObject({ transport: 'stdio', env: { TOKEN: '${GITHUB_TOKEN}', MODE: '${MODE:-dev}' } });
    expect(readout.servers.get('l')).toMatchObject({ transport: 'stdio', command: 'y' });
  });
});
