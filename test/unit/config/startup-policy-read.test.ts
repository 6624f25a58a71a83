import { approveFile } from '../../../src/main/trust/store';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConfigLocations } from '../../../src/main/config/load';
import { readStartupPolicy } from '../../../src/main/config/startup-policy';

let root: string;
let locations: ConfigLocations;
let projectFile: string;
let userFile: string;
let claudeFile: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gatehouse-policy-read-'));
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

function write(path: string, value: unknown): void {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  writeFileSync(path, text);
  // The operator approved the project file (trust has its own tests).
  if (path === projectFile) approveFile(locations.stateDir, path, text);
}

describe('readStartupPolicy', () => {
  it('lists every project and user source with its persisted lists, existing or not', () => {
    write(projectFile, { mcpServers: { a: { command: 'x' }, b: { command: 'y' } }, autoStart: ['a'], disableAutoStart: [] });
    write(claudeFile, { mcpServers: {}, disableAutoStart: ['b'] });
    const report = readStartupPolicy(locations);
    expect(report.sources).toEqual([
      { source: 'project', path: projectFile, exists: true, autoStart: ['a'], disableAutoStart: [], error: null },
      { source: 'user', path: userFile, exists: false, autoStart: [], disableAutoStart: [], error: null },
      { source: 'user', path: claudeFile, exists: true, autoStart: [], disableAutoStart: ['b'], error: null },
    ]);
    expect(report.diagnostics).toEqual([]);
  });

  it('reports an unreadable source as invalid_source with file and line (E101)', () => {
    write(projectFile, '{\n  "mcpServers": {},\n  "autoStart": ["a",]\n}\n');
    const report = readStartupPolicy(locations);
    expect(report.sources[0]?.error).toMatch(/^E101 config: .*\.mcp\.json:3:\d+: invalid JSON/);
    expect(report.diagnostics).toEqual([
      expect.objectContaining({ code: 'invalid_source', source: 'project', path: projectFile, line: 3, severity: 'error', error_code: 'E101' }),
    ]);
  });

  it('reports a wrong autoStart type as invalid_source pointing at the field', () => {
    write(userFile, '{\n  "mcpServers": {},\n  "autoStart": "alpha"\n}\n');
    const [diagnostic] = readStartupPolicy(locations).diagnostics;
    expect(diagnostic).toMatchObject({ code: 'invalid_source', source: 'user', line: 3 });
    expect(diagnostic?.message).toContain('(autoStart)');
  });

  it('names a missing --config file as invalid_source', () => {
    const missing = join(root, 'nope.json');
    const report = readStartupPolicy({ ...locations, configPath: missing });
    expect(report.sources.at(-1)).toMatchObject({ source: 'custom', path: missing, exists: false });
    expect(report.diagnostics).toEqual([expect.objectContaining({ code: 'invalid_source', source: 'custom', path: missing })]);
  });

  it('flags autoStart names no source defines as stale_auto_start, with the entry line', () => {
    write(projectFile, { mcpServers: { a: { command: 'x' } }, autoStart: ['a', 'ghost'] });
    const report = readStartupPolicy(locations);
    expect(report.diagnostics).toEqual([
      expect.objectContaining({ code: 'stale_auto_start', server_name: 'ghost', source: 'project', path: projectFile, line: 9, severity: 'warning' }),
    ]);
    expect(report.diagnostics[0]?.message).toContain('gateway.set_startup_policy(operation="remove", names=["ghost"])');
  });

  it('counts names defined in another source, or known elsewhere, as defined', () => {
    write(projectFile, { mcpServers: {}, autoStart: ['fromUser', 'fromManifest'] });
    write(userFile, { mcpServers: { fromUser: { command: 'x' } } });
    expect(readStartupPolicy(locations, ['fromManifest']).diagnostics).toEqual([]);
  });

  it('flags disableAutoStart names no source defines as stale_disable_auto_start', () => {
    write(userFile, { mcpServers: { a: { command: 'x' } }, disableAutoStart: ['a', 'gone'] });
    expect(readStartupPolicy(locations).diagnostics).toEqual([
      expect.objectContaining({ code: 'stale_disable_auto_start', server_name: 'gone', source: 'user', path: userFile }),
    ]);
  });

  it('flags a name both auto-started and disabled (in any sources) as auto_start_disabled_conflict', () => {
    write(projectFile, { mcpServers: { a: { command: 'x' } }, autoStart: ['a'] });
    write(claudeFile, { mcpServers: {}, disableAutoStart: ['a'] });
    const [diagnostic] = readStartupPolicy(locations).diagnostics;
    expect(diagnostic).toMatchObject({ code: 'auto_start_disabled_conflict', server_name: 'a', source: 'project', path: projectFile });
    expect(diagnostic?.message).toContain(claudeFile);
    expect(diagnostic?.message).toContain('disableAutoStart wins');
  });

  it('warns that stale names may be a false alarm while another file is broken', () => {
    write(projectFile, { mcpServers: {}, autoStart: ['maybe'] });
    write(userFile, '{ broken');
    const stale = readStartupPolicy(locations).diagnostics.find((d) => d.code === 'stale_auto_start');
    expect(stale?.message).toContain('could not be read');
  });
});
