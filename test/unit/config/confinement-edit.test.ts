// The panel's confinement editor, planned and applied on real files: only the keys whose value changes
// are written (the other entries and keys keep their bytes), the result is read back as a reload reads it (a project file
// still cannot relax confinement), and a file changed since the preview is not overwritten.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyConfinementEdit, planConfinementEdit, profileForEdit } from '../../../src/main/config/confinement-edit';
import { readSource } from '../../../src/main/config/read-source';
import type { StdioServerDefinition } from '../../../src/main/config/types';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-confinement-edit-'));
  path = join(dir, '.mcp.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const TEXT = `{
  "mcpServers": {
    "db": { "command": "node", "args": ["db.js"], "env": { "A": "1" } },
    "other": {"command": "node"}
  },
  "autoStart": ["db"]
}
`;

function definitionOf(source: 'user' | 'project' = 'user'): StdioServerDefinition {
  return readSource({ source, path, defaultCwd: dir }).servers.get('db') as StdioServerDefinition;
}

function plan(next: Partial<ReturnType<typeof profileForEdit>>, source: 'user' | 'project' = 'user', expectedDigest?: string) {
  const current = profileForEdit(definitionOf(source).confinement, source);
  return planConfinementEdit({ source, path, name: 'db', current, next: { ...current, ...next }, ...(expectedDigest && { expectedDigest }) });
}

describe('planConfinementEdit', () => {
  it('adds only what changes (network "none"), keeps the other entries and keys byte for byte, and a reload reads it back', () => {
    writeFileSync(path, TEXT);
    const planned = plan({ network: 'none' });
    expect(planned).toMatchObject({ ok: true, changed: true, problems: [] });
    expect(planned.text).toContain('"other": {"command": "node"}');
    expect(planned.text).toContain('"autoStart": ["db"]');
    expect(applyConfinementEdit(planned)).toEqual({ ok: true, problems: [] });
    expect(readFileSync(path, 'utf8')).toBe(planned.text);
    expect(definitionOf().confinement).toEqual({ network: 'none' });
    // The same profile again: nothing to write.
    expect(plan({ network: 'none' })).toMatchObject({ ok: true, changed: false, text: null });
  });

  it('writes loopback ports with "loopback", drops them when the network changes, and writes grants and Docker', () => {
    writeFileSync(path, TEXT);
    expect(applyConfinementEdit(plan({ network: 'loopback', loopbackPorts: [5432], project: 'ro', grants: [{ path: '/srv/notes', access: 'rw' }], docker: true }))).toMatchObject({ ok: true });
    expect(definitionOf().confinement).toEqual({ network: 'loopback', loopbackPorts: [5432], project: 'ro', grants: [{ path: '/srv/notes', access: 'rw' }], docker: true });
    expect(applyConfinementEdit(plan({ network: 'none', grants: [], docker: false }))).toMatchObject({ ok: true });
    expect(definitionOf().confinement).toEqual({ network: 'none', project: 'ro' });
    expect(readFileSync(path, 'utf8')).not.toMatch(/loopback_ports|grants|docker/);
  });

  it('refuses what a reload would refuse: bad ports, and a project file relaxing confinement', () => {
    writeFileSync(path, TEXT);
    expect(plan({ network: 'loopback', loopbackPorts: [80] }).problems).toEqual([expect.stringContaining('ports below 1024 cannot be bridged')]);
    const relaxed = plan({ docker: true }, 'project');
    expect(relaxed).toMatchObject({ ok: false, changed: false, text: null });
    expect(relaxed.problems).toEqual([expect.stringContaining("a project's .mcp.json cannot relax confinement")]);
    expect(readFileSync(path, 'utf8')).toBe(TEXT);
  });

  it('does not overwrite a file changed since the preview', () => {
    writeFileSync(path, TEXT);
    const planned = plan({ network: 'none' });
    writeFileSync(path, TEXT.replace('"A": "1"', '"A": "2"'));
    expect(applyConfinementEdit(planned)).toMatchObject({ ok: false, problems: [expect.stringContaining('changed since it was read')] });
    expect(plan({ network: 'none' }, 'user', planned.digest as string)).toMatchObject({ ok: false, problems: [expect.stringContaining('changed since it was read')] });
    expect(readFileSync(path, 'utf8')).toContain('"A": "2"');
  });
});
