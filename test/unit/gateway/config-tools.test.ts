import { readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConfigToolsFixture, type ConfigToolsFixture } from './config-tools-fixture';

let fx: ConfigToolsFixture;

beforeEach(async () => {
  fx = await createConfigToolsFixture({ knownNames: ['fromManifest'] });
});
afterEach(async () => {
  await fx.close();
});

type Entry = Record<string, unknown> & { name: string; diagnostics: string[] };
type Diagnostic = { code: string; message: string; path: string | null; line: number | null; server_name: string | null; field: string | null };

async function status(verbose = false) {
  const { body, isError } = await fx.call('gateway.config_status', { verbose });
  expect(isError).toBe(false);
  return body as { entries: Entry[]; sources: Record<string, unknown>[]; diagnostics: Diagnostic[] };
}

describe('gateway.config_status', () => {
  it('gives one concise row per server with attribution and the always-present flags', async () => {
    fx.write(fx.projectFile, { mcpServers: { beta: { command: 'node' }, alpha: { url: 'https://example.com/mcp' } } });
    await fx.reload();
    const { entries, sources } = await status();
    expect(entries.map((e) => e.name)).toEqual(['alpha', 'beta']);
    expect(entries[1]).toEqual({
      name: 'beta', status: 'lazy', startup_policy: 'lazy', startup_source: 'configured', source: 'project', source_path: fx.projectFile,
      auth_state: 'none', configured: true, manifest: false, provisioned: false, discovered: false, diagnostics: [],
    });
    expect(sources).toEqual([
      { source: 'project', path: fx.projectFile, exists: true, trust: 'approved', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      { source: 'user', path: fx.userFile, exists: false },
      { source: 'user', path: fx.claudeFile, exists: false },
    ]);
  });

  it('marks a name defined in several sources with shadowed_by:<winning source>, with file and line', async () => {
    fx.write(fx.projectFile, { mcpServers: { shared: { command: 'from-project' } } });
    fx.write(fx.userFile, { mcpServers: { other: { command: 'x' }, shared: { command: 'from-user' } } });
    fx.write(fx.claudeFile, { mcpServers: { shared: { command: 'from-claude' } } });
    await fx.reload();
    const { entries, diagnostics } = await status();
    const shared = entries.find((e) => e.name === 'shared');
    expect(shared).toMatchObject({ source: 'project', source_path: fx.projectFile });
    expect(shared?.diagnostics).toEqual([
      `shadowed_by:project (user definition at ${fx.userFile}:6 is ignored)`,
      `shadowed_by:project (user definition at ${fx.claudeFile}:3 is ignored)`,
    ]);
    expect(diagnostics.filter((d) => d.code === 'shadowed_by:project')).toEqual([
      expect.objectContaining({ server_name: 'shared', path: fx.userFile, line: 6 }),
      expect.objectContaining({ server_name: 'shared', path: fx.claudeFile, line: 3 }),
    ]);
    expect(entries.find((e) => e.name === 'other')?.diagnostics).toEqual([]);
  });

  it('flags a literal ${ in command, args and url (not in env), with the line', async () => {
    fx.write(fx.projectFile, {
      mcpServers: {
        tool: { command: '${HOME}/bin/tool', args: ['--ok', '--token=${TOKEN}'], env: { KEY: '${KEY}' } },
        remote: { url: 'https://example.com/mcp?key=${API_KEY}' },
      },
    });
    await fx.reload();
    const { entries, diagnostics } = await status();
    expect(entries.find((e) => e.name === 'tool')?.diagnostics).toEqual([
      'literal_placeholder:command ("${" stays literal here; only env and headers are interpolated)',
      'literal_placeholder:args[1] ("${" stays literal here; only env and headers are interpolated)',
    ]);
    expect(entries.find((e) => e.name === 'remote')?.diagnostics).toEqual([expect.stringMatching(/^literal_placeholder:url /)]);
    const located = diagnostics.filter((d) => d.code === 'literal_placeholder');
    expect(located.map((d) => [d.server_name, d.field, d.line])).toEqual([
      ['remote', 'mcpServers.remote.url', 14],
      ['tool', 'mcpServers.tool.command', 4],
      ['tool', 'mcpServers.tool.args[1]', 7],
    ]);
  });

  it('reports config errors with file and line: a broken file in sources[].error, a bad entry in diagnostics', async () => {
    fx.write(fx.projectFile, '{\n  "mcpServers": {\n    "good": { "command": "x" },\n    "bad": { "command": 7 }\n  }\n}\n');
    fx.write(fx.userFile, '{\n  "mcpServers": {,\n}\n');
    await fx.reload();
    const { entries, sources, diagnostics } = await status();
    expect(entries.map((e) => e.name)).toEqual(['good']);
    expect(sources[1]).toMatchObject({ source: 'user', exists: true, error: expect.stringMatching(/^E101 config: .*\/home\/\.mcp\.json:2:\d+: invalid JSON/) });
    expect(diagnostics).toEqual(expect.arrayContaining([
      expect.objectContaining({ code: 'invalid_entry', path: fx.projectFile, line: 4, field: 'mcpServers.bad.command' }),
      expect.objectContaining({ code: 'invalid_source', path: fx.userFile, line: 2 }),
    ]));
  });

  it('shows an autoStart name nobody defines as a skipped row (unknown_auto_start), but not a known manifest name', async () => {
    fx.write(fx.projectFile, { mcpServers: { a: { command: 'x' } }, autoStart: ['ghost', 'fromManifest'], disableAutoStart: ['a'] });
    await fx.reload();
    const { entries, diagnostics } = await status();
    expect(entries.find((e) => e.name === 'ghost')).toMatchObject({
      status: 'offline', startup_policy: 'skipped', startup_skip_reason: 'unknown_auto_start', startup_source: 'project', configured: false,
    });
    expect(entries.some((e) => e.name === 'fromManifest')).toBe(false);
    // Disabled servers name the file whose disableAutoStart decided it.
    expect(entries.find((e) => e.name === 'a')).toMatchObject({ startup_policy: 'lazy', startup_source: 'project' });
    expect(diagnostics.map((d) => d.code)).toEqual(['stale_auto_start']);
  });

  it('adds transport, pid, last_error and every definition with verbose', async () => {
    fx.write(fx.projectFile, { mcpServers: { a: { command: 'x' } } });
    fx.write(fx.userFile, { mcpServers: { a: { command: 'y' } } });
    await fx.reload();
    const [entry] = (await status(true)).entries;
    expect(entry).toMatchObject({ transport: 'stdio', defined_in: [{ source: 'project', path: fx.projectFile, line: 3 }, { source: 'user', path: fx.userFile, line: 3 }] });
  });
});

describe('gateway.get_startup_policy', () => {
  it('answers sources[] and diagnostics[] as the contract names them', async () => {
    fx.write(fx.projectFile, { mcpServers: { a: { command: 'x' } }, autoStart: ['a'], disableAutoStart: ['a'] });
    const { body } = await fx.call('gateway.get_startup_policy');
    expect(body.sources).toEqual([
      { source: 'project', path: fx.projectFile, exists: true, autoStart: ['a'], disableAutoStart: ['a'] },
      { source: 'user', path: fx.userFile, exists: false, autoStart: [], disableAutoStart: [] },
      { source: 'user', path: fx.claudeFile, exists: false, autoStart: [], disableAutoStart: [] },
    ]);
    expect(body.diagnostics).toEqual([
      expect.objectContaining({ code: 'auto_start_disabled_conflict', source: 'project', path: fx.projectFile, server_name: 'a', line: 8 }),
    ]);
  });
});

describe('gateway.set_startup_policy', () => {
  const ORIGINAL = '{\n  "mcpServers": { "a": { "command": "x" }, "b": { "command": "y" } },\n  "autoStart": ["b"]\n}\n';

  beforeEach(() => {
    writeFileSync(fx.projectFile, ORIGINAL);
  });

  it('previews by default: nothing written, the contract message, before/after lists', async () => {
    const { body, isError } = await fx.call('gateway.set_startup_policy', { operation: 'add', names: ['a'], source: 'project' });
    expect(isError).toBe(false);
    expect(body).toMatchObject({
      ok: true, source: 'project', path: fx.projectFile, changed: true, dry_run: true,
      before_autoStart: ['b'], after_autoStart: ['a', 'b'], diagnostics: [], message: 'Startup policy preview generated.',
    });
    expect(body.next_step).toBeUndefined();
    expect(readFileSync(fx.projectFile, 'utf8')).toBe(ORIGINAL);
  });

  it.each([
    [{ apply: true }],
    [{ dry_run: false }],
  ])('says "dry run only" when only one of apply / dry_run=false is given: %o', async (flags) => {
    const { body } = await fx.call('gateway.set_startup_policy', { operation: 'add', names: ['a'], source: 'project', ...flags });
    expect(body).toMatchObject({ ok: true, dry_run: true, message: 'Dry run only; set dry_run=false with apply=true to write.' });
    expect(readFileSync(fx.projectFile, 'utf8')).toBe(ORIGINAL);
  });

  it('writes with apply=true and dry_run=false, then points at refresh', async () => {
    const { body } = await fx.call('gateway.set_startup_policy', { operation: 'add', names: ['a'], source: 'project', apply: true, dry_run: false });
    expect(body).toMatchObject({ ok: true, changed: true, dry_run: false, message: 'Startup policy updated.', next_step: 'gateway.refresh(reason="startup_policy_changed")' });
    expect(readFileSync(fx.projectFile, 'utf8')).toBe(ORIGINAL.replace('["b"]', '["a", "b"]'));
    expect(readdirSync(dirname(fx.projectFile)).sort()).toEqual(['.mcp.json']);
  });

  it('says no change is needed when the list already matches', async () => {
    const { body } = await fx.call('gateway.set_startup_policy', { operation: 'set', names: ['b'], source: 'project', apply: true, dry_run: false });
    expect(body).toMatchObject({ ok: true, changed: false, message: 'No startup policy change needed.' });
  });

  it('round-trips source_digest as expected_digest, refusing once the file changed (E103)', async () => {
    const preview = await fx.call('gateway.set_startup_policy', { operation: 'add', names: ['a'], source: 'project' });
    const digest = preview.body.source_digest;
    expect(digest).toMatch(/^sha256:/);
    writeFileSync(fx.projectFile, ORIGINAL.replace('"y"', '"z"'));
    const { body, isError } = await fx.call('gateway.set_startup_policy', { operation: 'add', names: ['a'], source: 'project', apply: true, dry_run: false, expected_digest: digest });
    expect(isError).toBe(false);
    expect(body).toMatchObject({ ok: false, changed: false, diagnostics: [expect.objectContaining({ code: 'concurrent_modification' })] });
    expect((body.errors as unknown[])[0]).toMatchObject({ code: 'E103', details: { diagnostic: 'concurrent_modification' }, retryable: true });
    expect(readFileSync(fx.projectFile, 'utf8')).toBe(ORIGINAL.replace('"y"', '"z"'));
  });

  it('refuses a symlinked source with symlink_refused (E103)', async () => {
    const real = join(fx.root, 'real.json');
    writeFileSync(real, ORIGINAL);
    writeFileSync(fx.userFile, '');
    symlinkSync(real, fx.claudeFile);
    const { body } = await fx.call('gateway.set_startup_policy', { operation: 'add', names: ['a'], path: fx.claudeFile, apply: true, dry_run: false });
    expect(body).toMatchObject({ ok: false, source: 'user', path: fx.claudeFile, diagnostics: [expect.objectContaining({ code: 'symlink_refused' })] });
    expect(String(body.message)).toMatch(/^Startup policy not changed: E103 write refused: /);
    expect(readFileSync(real, 'utf8')).toBe(ORIGINAL);
  });

  it('answers ambiguous_source when several sources exist and none is named', async () => {
    writeFileSync(fx.userFile, '{}');
    const { body } = await fx.call('gateway.set_startup_policy', { operation: 'add', names: ['a'] });
    expect(body).toMatchObject({ ok: false, changed: false, diagnostics: [expect.objectContaining({ code: 'ambiguous_source' })] });
  });

  it('rejects input without an operation as the MCP server would', async () => {
    await expect(fx.call('gateway.set_startup_policy', { names: ['a'] })).rejects.toThrow();
  });
});
