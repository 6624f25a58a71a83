// `"gatehouse": {"confinement": {...}}` as read from a real file: parsed onto the definition, wrong
// values located by line and column, a project's file kept from relaxing confinement, and an edit of
// the profile replacing the server's process (it is part of its identity).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSource } from '../../../src/main/config/read-source';
import type { StdioServerDefinition } from '../../../src/main/config/types';
import { definitionIdentity } from '../../../src/main/supervisor/identity';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-confinement-entry-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function read(entry: Record<string, unknown>, source: 'user' | 'project' = 'user') {
  const text = JSON.stringify({ mcpServers: { s: { command: 'node', args: ['x.js'], ...entry } } }, null, 2);
  const path = join(dir, '.mcp.json');
  writeFileSync(path, text);
  return readSource({ source, path, defaultCwd: dir });
}

describe('gatehouse.confinement', () => {
  it('is read onto the stdio definition, paths resolved like the entry’s own', () => {
    const readout = read({ cwd: 'sub', gatehouse: { confinement: { network: 'none', project: 'rw', grants: ['data', { path: '~/notes', access: 'rw' }, '/srv/x'], allow_unconfined: true } } });
    expect(readout.issues).toEqual([]);
    const definition = readout.servers.get('s') as StdioServerDefinition;
    expect(definition.cwdDeclared).toBe(true);
    expect(definition.confinement).toEqual({
      allowUnconfined: true,
      network: 'none',
      project: 'rw',
      grants: [{ path: join(dir, 'data'), access: 'ro' }, { path: join(homedir(), 'notes'), access: 'rw' }, { path: '/srv/x', access: 'ro' }],
    });
  });

  it('an entry without it has no settings (the defaults apply) and no declared cwd', () => {
    const definition = read({}).servers.get('s') as StdioServerDefinition;
    expect(definition.confinement).toBeUndefined();
    expect(definition.cwdDeclared).toBeUndefined();
  });

  it('reads network "loopback" with the host loopback ports it may reach; with none it is its own loopback only', () => {
    const readout = read({ gatehouse: { confinement: { network: 'loopback', loopback_ports: [5432, 8080] } } });
    expect(readout.issues).toEqual([]);
    expect((readout.servers.get('s') as StdioServerDefinition).confinement).toEqual({ network: 'loopback', loopbackPorts: [5432, 8080] });
    const bare = read({ gatehouse: { confinement: { network: 'loopback' } } });
    expect(bare.issues).toEqual([]);
    expect((bare.servers.get('s') as StdioServerDefinition).confinement).toEqual({ network: 'loopback' });
  });

  it('refuses loopback ports out of range, listed twice, or without network "loopback", at their line', () => {
    const cases: [unknown, string, string][] = [
      [{ network: 'loopback', loopback_ports: [0] }, 'mcpServers.s.gatehouse.confinement.loopback_ports.0', 'ports below 1024 cannot be bridged'],
      [{ network: 'loopback', loopback_ports: [80] }, 'mcpServers.s.gatehouse.confinement.loopback_ports.0', 'ports below 1024 cannot be bridged'],
      [{ network: 'loopback', loopback_ports: [5432, 65536] }, 'mcpServers.s.gatehouse.confinement.loopback_ports.1', 'at most 65535'],
      [{ network: 'loopback', loopback_ports: [5432.5] }, 'mcpServers.s.gatehouse.confinement.loopback_ports.0', 'whole number'],
      [{ network: 'loopback', loopback_ports: [5432, 5432] }, 'mcpServers.s.gatehouse.confinement.loopback_ports', 'listed twice'],
      [{ network: 'full', loopback_ports: [5432] }, 'mcpServers.s.gatehouse.confinement.loopback_ports', 'applies only with "network": "loopback"'],
      [{ network: 'internet' }, 'mcpServers.s.gatehouse.confinement.network', 'network must be "none", "loopback" or "full"'],
    ];
    for (const [confinement, field, message] of cases) {
      const readout = read({ gatehouse: { confinement } });
      expect(readout.servers.has('s'), JSON.stringify(confinement)).toBe(false);
      expect(readout.issues[0], JSON.stringify(confinement)).toMatchObject({ field, message: expect.stringContaining(message) });
      expect(readout.issues[0]?.line, JSON.stringify(confinement)).not.toBeNull();
    }
  });

  it('locates unknown keys and wrong values', () => {
    const readout = read({ gatehouse: { confinement: { projekt: 'ro', grants: [{ path: '/x', access: 'write' }] } } });
    const fields = readout.issues.map((issue) => issue.field);
    expect(fields).toEqual(expect.arrayContaining(['mcpServers.s.gatehouse.confinement', 'mcpServers.s.gatehouse.confinement.grants.0']));
    expect(readout.issues.every((issue) => issue.line !== null)).toBe(true);
  });

  it("a project's file may narrow it and grant its own folders, never relax it", () => {
    const narrowing = read({ gatehouse: { confinement: { network: 'none', project: 'rw', grants: ['cache'] } } }, 'project');
    expect(narrowing.issues).toEqual([]);
    const relaxing = read({ gatehouse: { confinement: { enabled: false, allow_unconfined: true, docker: true, grants: ['~/.ssh'] } } }, 'project');
    expect(relaxing.servers.has('s')).toBe(false);
    expect(relaxing.issues.map((issue) => issue.field)).toEqual([
      'mcpServers.s.gatehouse.confinement.enabled',
      'mcpServers.s.gatehouse.confinement.allow_unconfined',
      'mcpServers.s.gatehouse.confinement.docker',
      'mcpServers.s.gatehouse.confinement.grants.0',
    ]);
    expect(relaxing.issues[0]?.message).toContain("a project's .mcp.json cannot relax confinement");
    // The same settings in the user's own file are the operator's choice.
    expect(read({ gatehouse: { confinement: { enabled: false, docker: true } } }, 'user').issues).toEqual([]);
  });

  it('is part of the server’s identity: editing the profile replaces its process', () => {
    const definition = (network: string) => ({ ...(read({ gatehouse: { confinement: { network } } }).servers.get('s') as StdioServerDefinition), startupPolicy: 'lazy' as const });
    const [before, after, same] = [definition('full'), definition('none'), definition('full')];
    const env = { PATH: '/usr/bin' };
    expect(definitionIdentity(after, env)).not.toBe(definitionIdentity(before, env));
    expect(definitionIdentity(same, env)).toBe(definitionIdentity(before, env));
  });
});
