// How attached projects' servers are keyed beside the gateway's own: plain names while free, `name@folder`
// on a clash, keys that stay with their server when another project joins, and per-project name maps.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProjectScopes } from '../../../src/main/config/project-scopes';
import type { ServerDefinition } from '../../../src/main/config/types';
import { approveFile } from '../../../src/main/trust/store';

let root: string;
let scopes: ProjectScopes | null = null;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gatehouse-scopes-'));
  mkdirSync(join(root, 'home'));
});
afterEach(() => {
  scopes?.close();
  rmSync(root, { recursive: true, force: true });
});

function project(name: string, servers: Record<string, unknown>): string {
  const dir = join(root, name);
  mkdirSync(dir);
  const text = JSON.stringify({ mcpServers: servers });
  writeFileSync(join(dir, '.mcp.json'), text);
  approveFile(join(root, 'state'), join(dir, '.mcp.json'), text);
  return dir;
}

const user = (name: string): [string, ServerDefinition] => [name, { name, source: 'user', sourcePath: '/u', startupPolicy: 'lazy', transport: 'stdio', command: 'x', args: [], env: {}, cwd: '/' }];
const own = (name: string): [string, ServerDefinition] => [name, { ...user(name)[1], source: 'project' }];

describe('ProjectScopes.layout', () => {
  it('keys plain names while free, name@folder on a clash, and maps each project\'s names', () => {
    const b = project('b', { tool: { command: 'b' }, shared: { command: 'b' } });
    const c = project('c', { tool: { command: 'c' } });
    scopes = new ProjectScopes({ base: { projectRoot: join(root, 'a'), homeDir: join(root, 'home'), configPath: null, stateDir: join(root, 'state') }, onChange: () => undefined });
    scopes.acquire(b);
    scopes.acquire(c);
    const primary = new Map([user('shared'), own('alpha')]);
    const layout = scopes.layout(primary, () => true);
    expect([...layout.definitions.keys()].sort()).toEqual(['shared@b', 'tool', 'tool@c']);
    expect(Object.fromEntries(layout.visible.get(b) ?? [])).toEqual({ tool: 'tool', shared: 'shared@b' });
    // C sees the user's "shared", not B's, and never the gateway's own project server "alpha".
    expect(Object.fromEntries(layout.visible.get(c) ?? [])).toEqual({ tool: 'tool@c', shared: 'shared' });
  });

  it('keeps keys with their servers when another project joins later', () => {
    const c = project('c', { tool: { command: 'c' } });
    const b = project('b', { tool: { command: 'b' } });
    scopes = new ProjectScopes({ base: { projectRoot: null, homeDir: join(root, 'home'), configPath: null, stateDir: join(root, 'state') }, onChange: () => undefined });
    scopes.acquire(c);
    expect([...scopes.layout(new Map(), () => true).definitions.keys()]).toEqual(['tool']);
    scopes.acquire(b);
    const layout = scopes.layout(new Map(), () => true);
    expect(layout.visible.get(c)?.get('tool')).toBe('tool');
    expect(layout.visible.get(b)?.get('tool')).toBe('tool@b');
  });

  it('leaves out what the policy denies, by the name the project uses', () => {
    const b = project('b', { keep: { command: 'b' }, drop: { command: 'b' } });
    scopes = new ProjectScopes({ base: { projectRoot: null, homeDir: join(root, 'home'), configPath: null, stateDir: join(root, 'state') }, onChange: () => undefined });
    scopes.acquire(b);
    expect([...scopes.layout(new Map(), (name) => name !== 'drop').definitions.keys()]).toEqual(['keep']);
  });

  it('treats the gateway\'s own project (by its real path) as no extra project', () => {
    scopes = new ProjectScopes({ base: { projectRoot: join(root), homeDir: join(root, 'home'), configPath: null, stateDir: join(root, 'state') }, onChange: () => undefined });
    expect(scopes.scopeOf(root)).toBeNull();
    expect(scopes.scopeOf(join(root, 'missing'))).toBeNull();
    expect(scopes.scopeOf(join(root, 'home'))).toBe(join(root, 'home'));
  });
});
