import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConfigLocations } from '../../../src/main/config/load';
import type { SetStartupPolicyRequest } from '../../../src/main/config/startup-policy-types';
import { applyStartupPolicy, nextAutoStart, planStartupPolicy } from '../../../src/main/config/startup-policy-write';

let root: string;
let locations: ConfigLocations;
let projectFile: string;
let userFile: string;
let claudeFile: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gatehouse-policy-write-'));
  const project = join(root, 'project');
  const home = join(root, 'home');
  mkdirSync(join(home, '.claude'), { recursive: true });
  mkdirSync(project);
  locations = { projectRoot: project, homeDir: home, configPath: null, stateDir: join(root, 'state') };
  projectFile = join(project, '.mcp.json');
  userFile = join(home, '.mcp.json');
  claudeFile = join(home, '.claude', '.mcp.json');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const PROJECT = `{
  "mcpServers": {
    "zeta": { "command": "z", "args": ["--flag"] },
    "alpha": {
      "command": "a"
    }
  },
  "autoStart": [
    "zeta"
  ],
  "someOtherTool": { "keep": [1, 2, 3] }
}
`;

function plan(request: Partial<SetStartupPolicyRequest> & Pick<SetStartupPolicyRequest, 'operation'>) {
  return planStartupPolicy(locations, { names: [], source: 'project', ...request });
}

function run(request: Partial<SetStartupPolicyRequest> & Pick<SetStartupPolicyRequest, 'operation'>) {
  const computed = plan(request);
  return { plan: computed, outcome: applyStartupPolicy(computed) };
}

describe('nextAutoStart', () => {
  it('adds, removes and sets, always sorted and de-duplicated', () => {
    expect(nextAutoStart('add', ['b', 'a'], ['c', 'a', 'c'])).toEqual(['a', 'b', 'c']);
    expect(nextAutoStart('remove', ['b', 'a', 'b'], ['a'])).toEqual(['b']);
    expect(nextAutoStart('set', ['x'], ['b', 'B', 'a', 'b'])).toEqual(['B', 'a', 'b']);
  });
});

describe('planStartupPolicy (preview)', () => {
  it('computes before and after without touching the file', () => {
    writeFileSync(projectFile, PROJECT);
    const preview = plan({ operation: 'add', names: ['alpha'] });
    expect(preview).toMatchObject({ ok: true, source: 'project', path: projectFile, exists: true, changed: true, before: ['zeta'], after: ['alpha', 'zeta'] });
    expect(preview.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(readFileSync(projectFile, 'utf8')).toBe(PROJECT);
  });

  it('reports no change when the set of names stays the same', () => {
    writeFileSync(projectFile, PROJECT);
    expect(plan({ operation: 'add', names: ['zeta'] })).toMatchObject({ ok: true, changed: false, text: null });
    expect(plan({ operation: 'remove', names: ['alpha'] })).toMatchObject({ ok: true, changed: false });
  });

  it('warns (without refusing) about names nobody defines and names that are disabled', () => {
    writeFileSync(projectFile, PROJECT);
    writeFileSync(userFile, JSON.stringify({ mcpServers: {}, disableAutoStart: ['alpha'] }));
    const preview = plan({ operation: 'add', names: ['alpha', 'ghost'] });
    expect(preview.ok).toBe(true);
    expect(preview.diagnostics.map((d) => [d.code, d.server_name, d.severity])).toEqual([
      ['auto_start_disabled_conflict', 'alpha', 'warning'],
      ['stale_auto_start', 'ghost', 'warning'],
    ]);
  });

  it('refuses names that cannot be server names (invalid_auto_start)', () => {
    writeFileSync(projectFile, PROJECT);
    const preview = plan({ operation: 'add', names: ['ok', 'bad name', 'a::b'] });
    expect(preview).toMatchObject({ ok: false, changed: false });
    expect(preview.diagnostics[0]).toMatchObject({ code: 'invalid_auto_start', server_name: 'bad name', severity: 'error' });
  });
});

describe('applyStartupPolicy', () => {
  it('changes only the autoStart array: every other key, entry, order and format stays', () => {
    writeFileSync(projectFile, PROJECT);
    const { outcome } = run({ operation: 'add', names: ['alpha', 'alpha'] });
    expect(outcome).toEqual({ ok: true, written: true, diagnostics: [] });
    expect(readFileSync(projectFile, 'utf8')).toBe(PROJECT.replace('"autoStart": [\n    "zeta"\n  ]', '"autoStart": [\n    "alpha",\n    "zeta"\n  ]'));
  });

  it('adds a missing key at the end in the file\'s own indentation and line endings', () => {
    const text = '{\r\n\t"mcpServers": {\r\n\t\t"a": { "command": "x" }\r\n\t},\r\n\t"z": true\r\n}\r\n';
    writeFileSync(projectFile, text);
    run({ operation: 'set', names: ['a'] });
    expect(readFileSync(projectFile, 'utf8')).toBe('{\r\n\t"mcpServers": {\r\n\t\t"a": { "command": "x" }\r\n\t},\r\n\t"z": true,\r\n\t"autoStart": [\r\n\t\t"a"\r\n\t]\r\n}\r\n');
  });

  it('keeps a one-line list on one line and a minified file minified', () => {
    writeFileSync(projectFile, '{\n  "autoStart": ["b", "c"],\n  "mcpServers": {}\n}\n');
    run({ operation: 'add', names: ['a'] });
    expect(readFileSync(projectFile, 'utf8')).toBe('{\n  "autoStart": ["a", "b", "c"],\n  "mcpServers": {}\n}\n');

    writeFileSync(projectFile, '{"mcpServers":{"a":{"command":"x"}}}');
    run({ operation: 'add', names: ['a'] });
    expect(readFileSync(projectFile, 'utf8')).toBe('{"mcpServers":{"a":{"command":"x"}},"autoStart":["a"]}');
  });

  it('keeps an emptied list as [] rather than deleting the key', () => {
    writeFileSync(projectFile, PROJECT);
    run({ operation: 'remove', names: ['zeta'] });
    const written = JSON.parse(readFileSync(projectFile, 'utf8')) as Record<string, unknown>;
    expect(written.autoStart).toEqual([]);
    expect(Object.keys(written)).toEqual(['mcpServers', 'autoStart', 'someOtherTool']);
  });

  it('writes nothing for a preview that changes nothing', () => {
    writeFileSync(projectFile, PROJECT);
    const before = statSync(projectFile).mtimeMs;
    expect(run({ operation: 'set', names: ['zeta'] }).outcome).toEqual({ ok: true, written: false, diagnostics: [] });
    expect(statSync(projectFile).mtimeMs).toBe(before);
  });

  it('writes atomically: no temp file is left beside the config', () => {
    writeFileSync(projectFile, PROJECT);
    run({ operation: 'add', names: ['alpha'] });
    expect(readdirSync(locations.projectRoot ?? '')).toEqual(['.mcp.json']);
  });

  it.each([0o644, 0o640, 0o664, 0o600])('keeps the file mode %o', (mode) => {
    writeFileSync(projectFile, PROJECT);
    chmodSync(projectFile, mode);
    expect(run({ operation: 'add', names: ['alpha'] }).outcome.written).toBe(true);
    expect(statSync(projectFile).mode & 0o777).toBe(mode);
  });

  it('creates a missing project file as { mcpServers: {}, autoStart } with mode 0600', () => {
    const { plan: computed, outcome } = run({ operation: 'add', names: ['b', 'a'] });
    expect(computed).toMatchObject({ exists: false, digest: 'absent', before: [], after: ['a', 'b'] });
    expect(outcome.written).toBe(true);
    expect(JSON.parse(readFileSync(projectFile, 'utf8'))).toEqual({ mcpServers: {}, autoStart: ['a', 'b'] });
    expect(statSync(projectFile).mode & 0o777).toBe(0o600);
  });

  it('creates the first user file when neither user file exists, and does not create for a no-op', () => {
    expect(planStartupPolicy(locations, { operation: 'remove', names: ['x'], source: 'user' })).toMatchObject({ changed: false });
    const outcome = applyStartupPolicy(planStartupPolicy(locations, { operation: 'add', names: ['x'], source: 'user' }));
    expect(outcome.written).toBe(true);
    expect(JSON.parse(readFileSync(userFile, 'utf8'))).toEqual({ mcpServers: {}, autoStart: ['x'] });
  });
});

describe('refusals', () => {
  it('refuses a symlinked config file (symlink_refused, E103) and leaves the target alone', () => {
    const real = join(root, 'real.json');
    writeFileSync(real, PROJECT);
    symlinkSync(real, projectFile);
    const preview = plan({ operation: 'add', names: ['alpha'] });
    expect(preview).toMatchObject({ ok: false, changed: false });
    expect(preview.diagnostics[0]).toMatchObject({ code: 'symlink_refused', error_code: 'E103', path: projectFile });
    expect(applyStartupPolicy(preview).written).toBe(false);
    expect(readFileSync(real, 'utf8')).toBe(PROJECT);
  });

  it('refuses at apply time when the file became a symlink after the preview', () => {
    writeFileSync(projectFile, PROJECT);
    const preview = plan({ operation: 'add', names: ['alpha'] });
    const real = join(root, 'real.json');
    writeFileSync(real, PROJECT);
    rmSync(projectFile);
    symlinkSync(real, projectFile);
    expect(applyStartupPolicy(preview).diagnostics[0]).toMatchObject({ code: 'symlink_refused' });
    expect(readFileSync(real, 'utf8')).toBe(PROJECT);
  });

  it('refuses a file changed between preview and apply (concurrent_modification, E103)', () => {
    writeFileSync(projectFile, PROJECT);
    const preview = plan({ operation: 'add', names: ['alpha'] });
    const edited = PROJECT.replace('"--flag"', '"--other"');
    writeFileSync(projectFile, edited);
    const outcome = applyStartupPolicy(preview);
    expect(outcome).toMatchObject({ ok: false, written: false });
    expect(outcome.diagnostics[0]).toMatchObject({ code: 'concurrent_modification', error_code: 'E103', path: projectFile });
    expect(readFileSync(projectFile, 'utf8')).toBe(edited);
  });

  it('refuses when a file created since the preview now exists', () => {
    const preview = plan({ operation: 'add', names: ['alpha'] });
    writeFileSync(projectFile, '{"mcpServers":{}}');
    expect(applyStartupPolicy(preview).diagnostics[0]).toMatchObject({ code: 'concurrent_modification' });
    expect(readFileSync(projectFile, 'utf8')).toBe('{"mcpServers":{}}');
  });

  it('refuses when the digest the caller previewed is not the file\'s digest any more', () => {
    writeFileSync(projectFile, PROJECT);
    const first = plan({ operation: 'add', names: ['alpha'] });
    writeFileSync(projectFile, `${PROJECT}\n`);
    const second = plan({ operation: 'add', names: ['alpha'], expectedDigest: first.digest });
    expect(second).toMatchObject({ ok: false, changed: false });
    expect(second.diagnostics[0]).toMatchObject({ code: 'concurrent_modification' });
  });

  it.each([
    ['an array', '[1, 2]', 'an array'],
    ['a string', '"text"', 'a string'],
  ])('refuses a file whose top level is %s (E103)', (_label, text, words) => {
    writeFileSync(projectFile, text);
    const preview = plan({ operation: 'add', names: ['a'] });
    expect(preview.diagnostics[0]).toMatchObject({ code: 'invalid_source', error_code: 'E103' });
    expect(preview.diagnostics[0]?.message).toContain(words);
    expect(readFileSync(projectFile, 'utf8')).toBe(text);
  });

  it('refuses invalid JSON with file and line (invalid_source, E101)', () => {
    writeFileSync(projectFile, '{\n  "mcpServers": {},\n  oops\n}\n');
    expect(plan({ operation: 'add', names: ['a'] }).diagnostics[0]).toMatchObject({ code: 'invalid_source', error_code: 'E101', line: 3 });
  });

  it('refuses a malformed or repeated autoStart (invalid_auto_start) with its line', () => {
    writeFileSync(projectFile, '{\n  "mcpServers": {},\n  "autoStart": [1]\n}\n');
    expect(plan({ operation: 'add', names: ['a'] }).diagnostics[0]).toMatchObject({ code: 'invalid_auto_start', line: 3 });
    writeFileSync(projectFile, '{\n  "autoStart": [],\n  "autoStart": ["b"]\n}\n');
    expect(plan({ operation: 'add', names: ['a'] }).diagnostics[0]).toMatchObject({ code: 'invalid_auto_start', line: 3 });
  });

  it('does not create a missing --config file', () => {
    const custom = join(root, 'custom.json');
    locations = { ...locations, configPath: custom };
    expect(plan({ operation: 'add', names: ['a'], source: 'custom' }).diagnostics[0]).toMatchObject({ code: 'invalid_source', error_code: 'E101', path: custom });
  });
});

describe('choosing the one source', () => {
  it('is ambiguous for "user" when both user files exist, and takes path to decide', () => {
    writeFileSync(userFile, '{}');
    writeFileSync(claudeFile, '{}');
    const unclear = planStartupPolicy(locations, { operation: 'add', names: ['a'], source: 'user' });
    expect(unclear.diagnostics[0]).toMatchObject({ code: 'ambiguous_source', source: 'user' });
    expect(unclear.diagnostics[0]?.message).toContain(claudeFile);
    const clear = planStartupPolicy(locations, { operation: 'add', names: ['a'], path: claudeFile });
    expect(clear).toMatchObject({ ok: true, source: 'user', path: claudeFile });
  });

  it('uses the only existing source when neither source nor path is given, else says ambiguous', () => {
    writeFileSync(claudeFile, '{}');
    expect(planStartupPolicy(locations, { operation: 'add', names: ['a'] })).toMatchObject({ ok: true, path: claudeFile });
    writeFileSync(projectFile, '{}');
    expect(planStartupPolicy(locations, { operation: 'add', names: ['a'] }).diagnostics[0]).toMatchObject({ code: 'ambiguous_source' });
  });

  it('rejects a path that is not one of the config sources, and a path that contradicts source', () => {
    const elsewhere = join(root, 'elsewhere.json');
    writeFileSync(elsewhere, '{}');
    expect(planStartupPolicy(locations, { operation: 'add', names: ['a'], path: elsewhere }).diagnostics[0]).toMatchObject({ code: 'invalid_source', path: elsewhere });
    expect(planStartupPolicy(locations, { operation: 'add', names: ['a'], path: '~/.mcp.json', source: 'project' }).diagnostics[0]).toMatchObject({ code: 'ambiguous_source', path: userFile });
  });

  it('rejects the project source when there is no project, and custom without --config', () => {
    locations = { ...locations, projectRoot: null };
    expect(planStartupPolicy(locations, { operation: 'add', names: ['a'], source: 'project' }).diagnostics[0]).toMatchObject({ code: 'invalid_source' });
    expect(planStartupPolicy(locations, { operation: 'add', names: ['a'], source: 'custom' }).diagnostics[0]).toMatchObject({ code: 'invalid_source' });
  });

  it('resolves a relative path against the project folder', () => {
    writeFileSync(projectFile, '{}');
    expect(planStartupPolicy(locations, { operation: 'add', names: ['a'], path: '.mcp.json' })).toMatchObject({ ok: true, source: 'project', path: projectFile });
  });
});

describe('one-line files', () => {
  it.each([
    ['{}', '{"autoStart":["a"]}'],
    ['{ "mcpServers": {} }', '{ "mcpServers": {}, "autoStart": ["a"] }'],
    ['{"x":1,"mcpServers":{}}\n', '{"x":1,"mcpServers":{},"autoStart":["a"]}\n'],
  ])('%s gains autoStart in its own style', (text, expected) => {
    writeFileSync(projectFile, text);
    run({ operation: 'add', names: ['a'] });
    expect(readFileSync(projectFile, 'utf8')).toBe(expected);
  });
});
