// Files under /tmp meet a private, empty /tmp inside the sandbox: the gap names the ones whose folder
// nothing shows (a command that is a link into such a folder, a script whose neighbours it imports), as
// data on a described host, and stays quiet where a grant, the project or the command's folder shows them.
import { describe, expect, it } from 'vitest';
import type { HostLayout, PathInfo } from '../../../src/main/common/confinement/argv';
import { findPrivateTempGap, privateTempGap } from '../../../src/main/common/confinement/private-temp';
import { resolveProfile, type ConfinementSettings } from '../../../src/main/common/confinement/profile';

const HOME = '/home/ada';

function layout(command: string | null, args: string[]): HostLayout {
  return {
    home: HOME, homes: [], xdgDirs: [], dataHome: `${HOME}/.local/share`, runtimeDir: null, gatehouseDirs: [], sessionBusPath: null,
    pathDirs: ['/usr/bin'], command, args, dataDir: null, caches: [], trustPaths: [], interpreters: [],
  };
}

const paths = new Map<string, PathInfo>([
  ['/tmp/proj/node_modules/.bin', { kind: 'dir', real: '/tmp/proj/node_modules/.bin' }],
  ['/tmp/proj/node_modules/.bin/server', { kind: 'file', real: '/tmp/proj/node_modules/pkg/cli.js' }],
  ['/tmp/tool', { kind: 'dir', real: '/tmp/tool' }],
  ['/tmp/tool/server', { kind: 'file', real: '/tmp/tool/server' }],
  ['/tmp/app/server.mjs', { kind: 'file', real: '/tmp/app/server.mjs' }],
  ['/tmp/app', { kind: 'dir', real: '/tmp/app' }],
  ['/usr/bin/node', { kind: 'file', real: '/usr/bin/node' }],
  ['/srv/app/server.mjs', { kind: 'file', real: '/srv/app/server.mjs' }],
]);

const profile = (settings: ConfinementSettings = {}, cwd = HOME, source: 'user' | 'project' = 'user') =>
  resolveProfile({ settings, source, sourcePath: source === 'project' ? `${cwd}/.mcp.json` : `${HOME}/.mcp.json`, cwd, cwdDeclared: false, argv: ['node'], runtimeRoot: null });

describe('privateTempGap', () => {
  it('names a script under /tmp whose folder is not shown, with the grant that fixes it', () => {
    const gap = privateTempGap(profile(), layout('/usr/bin/node', ['/tmp/app/server.mjs']), paths);
    expect(gap).toContain('/tmp/app/server.mjs is under /tmp, which is private and empty inside the sandbox');
    expect(gap).toContain('"grants": ["/tmp/app"]');
    expect(findPrivateTempGap(['something else', gap as string])).toBe(gap);
  });

  it('names a command that is a link into a folder under /tmp nobody shows', () => {
    const gap = privateTempGap(profile(), layout('/tmp/proj/node_modules/.bin/server', []), paths);
    expect(gap).toContain('/tmp/proj/node_modules/pkg/cli.js is under /tmp');
    expect(gap).toContain('"grants": ["/tmp/proj/node_modules/pkg"]');
  });

  it('is quiet where something shows the folder: the command’s own folder, a grant, the project; and outside /tmp', () => {
    expect(privateTempGap(profile(), layout('/tmp/tool/server', []), paths)).toBeNull();
    expect(privateTempGap(profile({ grants: [{ path: '/tmp/app', access: 'ro' }] }), layout('/usr/bin/node', ['/tmp/app/server.mjs']), paths)).toBeNull();
    expect(privateTempGap(profile({}, '/tmp/app', 'project'), layout('/usr/bin/node', ['/tmp/app/server.mjs']), paths)).toBeNull();
    expect(privateTempGap(profile(), layout('/usr/bin/node', ['/srv/app/server.mjs']), paths)).toBeNull();
    // A grant of the file alone shows nothing beside it.
    expect(privateTempGap(profile({ grants: [{ path: '/tmp/app/server.mjs', access: 'ro' }] }), layout('/usr/bin/node', ['/tmp/app/server.mjs']), paths)).not.toBeNull();
  });
});
