import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConfigIssue } from '../../../src/shared/domain';
import { approveFile, revokeFile } from '../../../src/main/trust/store';
import { ConfigStore } from '../../../src/main/config/store';
import { DEFAULT_CONFIG_LABEL, defaultConfigLine, formatIssue, mergeSources, readAllSources, selfReferenceLines, sourcePaths } from '../../../src/main/config/load';

let root: string;
let home: string;
let project: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gatehouse-load-'));
  home = join(root, 'home');
  project = join(root, 'project');
  mkdirSync(join(home, '.claude'), { recursive: true });
  mkdirSync(project);
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** Writes a config file; a project `.mcp.json` is approved as the operator would (its own tests below). */
function writeJson(path: string, value: unknown, approve = true): string {
  const text = JSON.stringify(value, null, 2);
  writeFileSync(path, text);
  if (approve && path === join(project, '.mcp.json')) approveFile(stateDir(), path, text);
  return path;
}

const stateDir = () => join(root, 'state');

function load(configPath: string | null = null, projectRoot: string | null = project) {
  return mergeSources(readAllSources({ projectRoot, homeDir: home, configPath, stateDir: stateDir() }));
}

describe('sourcePaths', () => {
  it('lists project, both user files, then the custom file, in rank order', () => {
    expect(sourcePaths({ projectRoot: '/p', homeDir: '/h', configPath: '/c/x.json', stateDir: stateDir() })).toEqual([
      { source: 'project', path: join('/p', '.mcp.json') },
      { source: 'user', path: join('/h', '.mcp.json') },
      { source: 'user', path: join('/h', '.claude', '.mcp.json') },
      { source: 'custom', path: '/c/x.json' },
    ]);
  });

  it('omits the project and custom sources when there are none', () => {
    expect(sourcePaths({ projectRoot: null, homeDir: '/h', configPath: null, stateDir: stateDir() }).map((s) => s.source)).toEqual(['user', 'user']);
  });
});

describe('project trust', () => {
  it('withholds an unapproved project file: listed as untrusted, shadowing nothing, its autoStart ignored', () => {
    writeJson(join(project, '.mcp.json'), { mcpServers: { shared: { command: 'evil' }, onlyProject: { command: 'p' } }, autoStart: ['onlyProject'], disableAutoStart: ['fromUser'] }, false);
    writeJson(join(home, '.mcp.json'), { mcpServers: { shared: { command: 'from-user' }, fromUser: { command: 'u' } }, autoStart: ['fromUser', 'onlyProject'] });
    const config = load();
    expect(config.servers.get('shared')).toMatchObject({ source: 'user', command: 'from-user' });
    expect(config.servers.get('shared')?.untrusted).toBeUndefined();
    // The project's disableAutoStart does not count either; the user's autoStart cannot start it.
    expect(config.servers.get('fromUser')?.startupPolicy).toBe('eager');
    expect(config.servers.get('onlyProject')).toMatchObject({ startupPolicy: 'lazy', untrusted: { path: join(project, '.mcp.json'), state: 'not_approved' } });
    expect(config.issues).toEqual([]);
    const readout = config.sources.find((s) => s.source === 'project');
    expect(readout).toMatchObject({ trust: { state: 'not_approved' }, autoStart: [], disableAutoStart: [] });
    expect([...(readout?.withheld?.keys() ?? [])]).toEqual(['shared', 'onlyProject']);
  });

  it('an edit after approval makes the file "changed" until approved again', () => {
    const file = writeJson(join(project, '.mcp.json'), { mcpServers: { a: { command: 'x' } } });
    expect(load().servers.get('a')?.untrusted).toBeUndefined();
    writeFileSync(file, JSON.stringify({ mcpServers: { a: { command: 'x', args: ['--more'] } } }));
    expect(load().servers.get('a')?.untrusted).toMatchObject({ state: 'changed' });
  });

  it('needs no approval for the user files or an explicit --config', () => {
    const custom = writeJson(join(root, 'custom.json'), { mcpServers: { c: { command: 'c' } } });
    writeJson(join(home, '.mcp.json'), { mcpServers: { u: { command: 'u' } } });
    const config = load(custom);
    expect(config.servers.get('c')?.untrusted).toBeUndefined();
    expect(config.servers.get('u')?.untrusted).toBeUndefined();
  });
});

describe('readAllSources + mergeSources', () => {
  it('takes a name defined in several sources from the highest rank: project > user > custom', () => {
    const custom = writeJson(join(root, 'custom.json'), {
      mcpServers: { shared: { command: 'from-custom' }, userAndCustom: { command: 'from-custom' }, onlyCustom: { command: 'c' } },
    });
    writeJson(join(home, '.mcp.json'), { mcpServers: { shared: { command: 'from-user' }, userAndCustom: { command: 'from-user' } } });
    writeJson(join(project, '.mcp.json'), { mcpServers: { shared: { command: 'from-project' } } });

    const config = load(custom);
    const pick = (name: string) => {
      const def = config.servers.get(name);
      return def && def.transport === 'stdio' ? [def.source, def.command] : null;
    };
    expect(pick('shared')).toEqual(['project', 'from-project']);
    expect(pick('userAndCustom')).toEqual(['user', 'from-user']);
    expect(pick('onlyCustom')).toEqual(['custom', 'c']);
    expect(config.issues).toEqual([]);
  });

  it('prefers ~/.mcp.json over ~/.claude/.mcp.json', () => {
    writeJson(join(home, '.mcp.json'), { mcpServers: { a: { command: 'home' } } });
    writeJson(join(home, '.claude', '.mcp.json'), { mcpServers: { a: { command: 'claude' }, b: { command: 'claude-b' } } });
    const config = load();
    expect(config.servers.get('a')).toMatchObject({ command: 'home', sourcePath: join(home, '.mcp.json') });
    expect(config.servers.get('b')).toMatchObject({ command: 'claude-b', sourcePath: join(home, '.claude', '.mcp.json') });
  });

  it('returns servers sorted by name', () => {
    writeJson(join(home, '.mcp.json'), { mcpServers: { zeta: { command: 'z' }, alpha: { command: 'a' }, mid: { command: 'm' } } });
    expect([...load().servers.keys()]).toEqual(['alpha', 'mid', 'zeta']);
  });

  it('uses the embedded default only when no source file exists', () => {
    const none = readAllSources({ projectRoot: project, homeDir: home, configPath: null, stateDir: stateDir() });
    const fallback = none.at(-1);
    expect(fallback).toMatchObject({ source: 'default', path: DEFAULT_CONFIG_LABEL, exists: true, fatal: false });
    const merged = mergeSources(none);
    expect([...merged.servers.keys()]).toEqual(['everything']);
    expect(merged.servers.get('everything')).toMatchObject({ source: 'default', sourcePath: null, startupPolicy: 'lazy', cwd: project });
    // The first command must work on a host that cannot confine (no bubblewrap, user namespaces off, macOS):
    // the demo server (Gatehouse's own pinned reference server) may then run unconfined, and shows so.
    expect(merged.servers.get('everything')).toMatchObject({ confinement: { allowUnconfined: true } });

    // A first run says so, naming where it looked.
    const locations = { projectRoot: project, homeDir: home, configPath: null, stateDir: stateDir() };
    expect(defaultConfigLine(merged, locations)).toBe(
      `config: no config file found (looked for ${join(project, '.mcp.json')}, ${join(home, '.mcp.json')}, ${join(home, '.claude', '.mcp.json')}); using the embedded demo config (everything). Add your own servers to ~/.mcp.json or a project's .mcp.json, and the demo goes away`,
    );

    writeJson(join(home, '.mcp.json'), { mcpServers: {} });
    const some = readAllSources({ projectRoot: project, homeDir: home, configPath: null, stateDir: stateDir() });
    expect(some.some((r) => r.source === 'default')).toBe(false);
    expect(mergeSources(some).servers.size).toBe(0);
    expect(defaultConfigLine(mergeSources(some), locations)).toBeNull();
  });

  it('does not fall back to the default when the only existing file is malformed', () => {
    writeFileSync(join(home, '.mcp.json'), '{ not json');
    const config = load();
    expect(config.sources.some((s) => s.source === 'default')).toBe(false);
    expect(config.servers.size).toBe(0);
    expect(config.issues).toHaveLength(1);
    expect(config.issues[0]).toMatchObject({ source: 'user', line: 1 });
  });

  it('uses the home directory as the default cwd without a project', () => {
    writeJson(join(home, '.mcp.json'), { mcpServers: { a: { command: 'x' } } });
    expect(load(null, null).servers.get('a')).toMatchObject({ cwd: home });
  });

  it('makes a missing --config file fatal even when other sources exist', () => {
    writeJson(join(home, '.mcp.json'), { mcpServers: { a: { command: 'x' } } });
    const missing = join(root, 'missing.json');
    const readouts = readAllSources({ projectRoot: project, homeDir: home, configPath: missing, stateDir: stateDir() });
    const custom = readouts.find((r) => r.source === 'custom');
    expect(custom).toMatchObject({ exists: false, fatal: true, path: missing });
    expect(custom?.issues).toHaveLength(1);
    expect(custom?.issues[0]).toMatchObject({ source: 'custom', path: missing, line: null, field: null });
    expect(custom?.issues[0]?.message).toContain('--config');
    expect(mergeSources(readouts).issues.map((i) => i.source)).toEqual(['custom']);
  });

  it('reports a malformed --config file as fatal with its line', () => {
    const custom = join(root, 'custom.json');
    writeFileSync(custom, '{\n  "mcpServers": {\n    "a": {"command": "x",}\n  }\n}');
    const readouts = readAllSources({ projectRoot: project, homeDir: home, configPath: custom, stateDir: stateDir() });
    const readout = readouts.find((r) => r.source === 'custom');
    expect(readout?.fatal).toBe(true);
    expect(readout?.issues[0]).toMatchObject({ line: 3 });
  });

  it('keeps the good servers of a user file next to a fatal project file', () => {
    writeFileSync(join(project, '.mcp.json'), '{');
    writeJson(join(home, '.mcp.json'), { mcpServers: { a: { command: 'x' } } });
    const config = load();
    expect(config.servers.get('a')).toMatchObject({ source: 'user' });
    expect(config.sources.find((s) => s.source === 'project')?.fatal).toBe(true);
  });
});

describe('startup policy', () => {
  it('makes autoStart names eager and everything else lazy, unioned across sources', () => {
    writeJson(join(project, '.mcp.json'), { mcpServers: { a: { command: 'a' }, b: { command: 'b' } }, autoStart: ['a'] });
    writeJson(join(home, '.mcp.json'), { mcpServers: { c: { command: 'c' } }, autoStart: ['c'] });
    const config = load();
    expect(Object.fromEntries([...config.servers].map(([n, d]) => [n, d.startupPolicy]))).toEqual({ a: 'eager', b: 'lazy', c: 'eager' });
  });

  it('lets disableAutoStart win over autoStart from any source', () => {
    writeJson(join(project, '.mcp.json'), { mcpServers: { a: { command: 'a' } }, autoStart: ['a'] });
    writeJson(join(home, '.mcp.json'), { disableAutoStart: ['a'] });
    expect(load().servers.get('a')?.startupPolicy).toBe('lazy');
  });

  it('asks for the names known elsewhere (the discovery manifest, slow to parse) only when an autoStart name is not configured', () => {
    let asked = 0;
    const known = () => {
      asked++;
      return new Set(['from-manifest']);
    };
    writeJson(join(home, '.mcp.json'), { mcpServers: { a: { command: 'a' } }, autoStart: ['a'] });
    const readouts = readAllSources({ projectRoot: project, homeDir: home, configPath: null, stateDir: stateDir() });
    expect(mergeSources(readouts, known).issues).toEqual([]);
    expect(asked).toBe(0);
    writeJson(join(home, '.mcp.json'), { mcpServers: { a: { command: 'a' } }, autoStart: ['a', 'from-manifest', 'ghost'] });
    const more = mergeSources(readAllSources({ projectRoot: project, homeDir: home, configPath: null, stateDir: stateDir() }), known);
    expect(more.issues.map((i) => i.message)).toEqual([expect.stringContaining('"ghost"')]);
    expect(asked).toBe(1);
  });

  it('reports an autoStart name that no source defines, attributed to the source that names it', () => {
    const userFile = writeJson(join(home, '.mcp.json'), { mcpServers: { a: { command: 'a' } }, autoStart: ['a', 'ghost'] });
    const config = load();
    expect(config.issues).toEqual([
      {
        source: 'user',
        path: userFile,
        line: null,
        column: null,
        field: 'autoStart',
        message: 'autoStart names "ghost", which no config source defines; remove it or add the server',
      },
    ]);
    expect(config.servers.get('a')?.startupPolicy).toBe('eager');
  });
});

describe('formatIssue', () => {
  const base: ConfigIssue = { source: 'project', path: '/p/.mcp.json', line: 7, column: 12, field: 'mcpServers.x.args', message: 'bad' };

  it('writes E101 config: path:line:col (field): message', () => {
    expect(formatIssue(base)).toBe('E101 config: /p/.mcp.json:7:12 (mcpServers.x.args): bad');
  });

  it('leaves out the location and field parts when unknown', () => {
    expect(formatIssue({ ...base, line: null, column: null, field: null })).toBe('E101 config: /p/.mcp.json: bad');
    expect(formatIssue({ ...base, column: null })).toBe('E101 config: /p/.mcp.json:7:1 (mcpServers.x.args): bad');
  });

  it('formats an issue read from a real file', () => {
    writeFileSync(join(home, '.mcp.json'), '{\n  "mcpServers": {\n    "a": {"command": "x", "args": "y"}\n  }\n}');
    const issues = load().issues;
    expect(issues).toHaveLength(1);
    const line = formatIssue(issues[0] as ConfigIssue);
    expect(line.startsWith(`E101 config: ${join(home, '.mcp.json')}:3:27 (mcpServers.a.args): server "a": `)).toBe(true);
    expect(line).toMatch(/expected array/);
  });
});

describe('ConfigStore.reload(only)', () => {
  it('re-reads only the named kinds of source; the others keep what was read before (refresh source)', () => {
    const custom = writeJson(join(root, 'custom.json'), { mcpServers: { c1: { command: 'c' } } });
    writeJson(join(project, '.mcp.json'), { mcpServers: { p1: { command: 'p' } } });
    const store = new ConfigStore({ projectRoot: project, homeDir: home, configPath: custom, stateDir: stateDir() });
    writeJson(custom, { mcpServers: { c1: { command: 'c' }, c2: { command: 'c' } } });
    writeJson(join(project, '.mcp.json'), { mcpServers: { p1: { command: 'p' }, p2: { command: 'p' } } });
    expect([...store.reload(['custom']).servers.keys()]).toEqual(['c1', 'c2', 'p1']);
    expect([...store.reload(['project', 'user']).servers.keys()]).toEqual(['c1', 'c2', 'p1', 'p2']);
    writeJson(custom, { mcpServers: {} });
    expect([...store.reload().servers.keys()]).toEqual(['p1', 'p2']);
  });
});

describe('ConfigStore: a revoke while the project file reads badly', () => {
  it('withholds the last good entries at once instead of serving them until the file reads cleanly', () => {
    const file = writeJson(join(project, '.mcp.json'), { mcpServers: { p1: { command: 'p' } }, autoStart: ['p1'] });
    const store = new ConfigStore({ projectRoot: project, homeDir: home, configPath: null, stateDir: stateDir() });
    expect(store.config.servers.get('p1')?.startupPolicy).toBe('eager');
    // The file turns hostile: a link elsewhere is refused, and the last good (approved) entries keep serving.
    rmSync(file);
    symlinkSync('/dev/zero', file);
    expect(store.reload().servers.get('p1')?.untrusted).toBeUndefined();
    // The operator revokes: the kept entries are withheld now, not once the link is gone.
    expect(revokeFile(stateDir(), file)).toBe(true);
    const after = store.reload();
    expect(after.servers.get('p1')).toMatchObject({ startupPolicy: 'lazy', untrusted: { state: 'not_approved' } });
  });
});

describe('self-reference (contract §4.1)', () => {
  it('skips entries that are Gatehouse itself and says why; the others load', () => {
    writeJson(join(home, '.mcp.json'), { mcpServers: { gatehouse: { command: 'gatehouse', args: ['serve'] }, loop: { url: 'http://127.0.0.1:3344/mcp' }, files: { command: 'files-server' } } });
    const config = load();
    expect([...config.servers.keys()]).toEqual(['files']);
    expect(selfReferenceLines(config)).toEqual([
      `config: ${join(home, '.mcp.json')}: server "gatehouse" is Gatehouse itself (it is named "gatehouse"); skipped — Gatehouse never starts itself`,
      `config: ${join(home, '.mcp.json')}: server "loop" is Gatehouse itself (its url http://127.0.0.1:3344/mcp is Gatehouse's own endpoint); skipped — Gatehouse never starts itself`,
    ]);
  });
});
