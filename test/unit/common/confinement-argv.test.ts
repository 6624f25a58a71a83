// The bubblewrap argv as data: every mount of a profile on a described host, in the order bubblewrap
// applies them (a later mount covers an earlier one beneath it), with no disk read.
import { describe, expect, it } from 'vitest';
import { candidatePaths, confinementArgv, type ConfinementFacts, type HostLayout, type PathInfo } from '../../../src/main/common/confinement/argv';
import { bridgedCommand } from '../../../src/main/common/confinement/bridge';
import { resolveProfile, type ConfinementSettings, type ProfileInput } from '../../../src/main/common/confinement/profile';

const HOME = '/home/ada';
const STATE = '/srv/xdg/state/gatehouse';

function layout(overrides: Partial<HostLayout> = {}): HostLayout {
  return {
    home: HOME,
    homes: [],
    xdgDirs: [],
    dataHome: `${HOME}/.local/share`,
    runtimeDir: '/run/user/1000',
    gatehouseDirs: [`${HOME}/.config/gatehouse`, STATE, `${HOME}/.cache/gatehouse`],
    sessionBusPath: '/run/user/1000/bus',
    pathDirs: ['/usr/local/bin', '/usr/bin', `${HOME}/.nvm/versions/node/v20/bin`, `${HOME}/.local/bin`],
    command: `${HOME}/.nvm/versions/node/v20/bin/npx`,
    args: ['-y', '@modelcontextprotocol/server-everything'],
    dataDir: `${STATE}/servers/everything`,
    caches: [`${HOME}/.npm`],
    trustPaths: [],
    interpreters: [],
    ...overrides,
  };
}

const DIRS = [
  '/tmp', '/var/tmp', '/home', HOME, '/mnt', '/media', '/run/user', '/run/user/1000', '/run/dbus', '/usr/local/bin', '/usr/bin',
  `${HOME}/.nvm/versions/node/v20`, `${HOME}/.nvm/versions/node/v20/bin`, `${HOME}/.local/bin`, `${HOME}/.local`, `${HOME}/.ssh`,
  `${HOME}/.config/gatehouse`, STATE, `${STATE}/servers/everything`, `${HOME}/.cache/gatehouse`, `${HOME}/.npm`, `${HOME}/.aws`,
  `${HOME}/.local/share/keyrings`, '/work/project', '/work/project/data', '/srv/notes',
];
const FILES = [`${HOME}/.netrc`, `${HOME}/.nvm/versions/node/v20/bin/npx`, '/run/docker.sock', '/run/user/1000/bus', `${HOME}/.ssh/known_hosts`];

function facts(host: HostLayout, extra: Record<string, PathInfo> = {}, network = true): ConfinementFacts {
  const paths = new Map<string, PathInfo>([
    ...DIRS.map((p) => [p, { kind: 'dir' as const, real: p }] as const),
    ...FILES.map((p) => [p, { kind: p.endsWith('.sock') || p.endsWith('/bus') ? ('socket' as const) : ('file' as const), real: p }] as const),
    ...Object.entries(extra),
  ]);
  return { layout: host, paths, features: { userNamespace: true, disableUserns: true, networkNamespace: network } };
}

function profile(settings: ConfinementSettings = {}, input: Partial<ProfileInput> = {}) {
  return resolveProfile({ settings, source: 'user', sourcePath: `${HOME}/.mcp.json`, cwd: HOME, cwdDeclared: false, argv: ['npx', '-y', 'pkg'], runtimeRoot: null, ...input });
}

const mountsOf = (composed: { mounts: { path: string; access: string; kind: string }[] }) => composed.mounts.map((m) => `${m.access} ${m.kind} ${m.path}`);

describe('confinementArgv', () => {
  it('composes the default profile of a user npx server: system read-only, homes private, secrets hidden, the npm cache and its data read-write', () => {
    const host = layout();
    const composed = confinementArgv(profile(), facts(host));
    expect(mountsOf(composed)).toEqual([
      'ro system /',
      'private temp /tmp',
      'private temp /var/tmp',
      'private home /home',
      'private home /home/ada',
      'hidden host /mnt',
      'hidden host /media',
      'hidden host /run/user',
      'hidden host /run/dbus',
      // outside the home, so hidden by name
      `hidden gatehouse ${STATE}`,
      'hidden host /run/docker.sock',
      // ~/.local/bin alone (never all of ~/.local), and the nvm prefix (npx links into ../lib): shallow first
      `ro toolchain ${HOME}/.local/bin`,
      `ro toolchain ${HOME}/.nvm/versions/node/v20`,
      `rw cache ${HOME}/.npm`,
      `rw data ${STATE}/servers/everything`,
    ]);
    expect(composed.chdir).toBe(HOME);
    expect(composed.argv.slice(0, 13)).toEqual([
      '--unshare-user', '--disable-userns', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try',
      '--die-with-parent', '--cap-drop', 'ALL', '--unsetenv', 'DBUS_SESSION_BUS_ADDRESS', '--ro-bind', '/',
    ]);
    expect(composed.argv).not.toContain('--unshare-net');
    expect(composed.argv.slice(-3)).toEqual(['--chdir', HOME, '--']);
    expect(composed.argv).toContain('--ro-bind');
    // Each mount is one argv group, in the same order as the view.
    const groups = composed.argv.join(' ');
    expect(groups).toContain(`--tmpfs /tmp --tmpfs /var/tmp --tmpfs /home --dir /home/ada --tmpfs /mnt --tmpfs /media --tmpfs /run/user --tmpfs /run/dbus --tmpfs ${STATE} --ro-bind /dev/null /run/docker.sock`);
    expect(groups).toContain(`--bind ${HOME}/.npm ${HOME}/.npm --bind ${STATE}/servers/everything ${STATE}/servers/everything --chdir`);
  });

  it('network "none" unshares the network namespace', () => {
    expect(confinementArgv(profile({ network: 'none' }), facts(layout())).argv).toContain('--unshare-net');
  });

  it('network "loopback" unshares the network and shows the bridge folder read-only, after the hiding, and the node that runs its forwarder', () => {
    const bridge = { dir: '/run/user/1000/gatehouse-bridge/db-x1', node: `${HOME}/.nvm/versions/node/v22/bin/node`, electron: false };
    const host = layout({ bridge });
    const extra = { [bridge.dir]: { kind: 'dir' as const, real: bridge.dir }, [`${HOME}/.nvm/versions/node/v22`]: { kind: 'dir' as const, real: `${HOME}/.nvm/versions/node/v22` } };
    const composed = confinementArgv(profile({ network: 'loopback', loopbackPorts: [5432] }), facts(host, extra));
    expect(composed.argv).toContain('--unshare-net');
    expect(composed.argv).not.toContain('ELECTRON_RUN_AS_NODE');
    const mounts = mountsOf(composed);
    // After the per-user runtime folder was hidden (twice: once more with the secrets): shown read-only.
    expect(mounts.indexOf(`ro bridge ${bridge.dir}`)).toBeGreaterThan(mounts.lastIndexOf('hidden host /run/user/1000'));
    expect(mounts).toContain(`ro toolchain ${HOME}/.nvm/versions/node/v22`);
    expect(composed.argv.join(' ')).toContain(`--ro-bind ${bridge.dir} ${bridge.dir}`);
    expect(candidatePaths(profile({ network: 'loopback' }), host)).toEqual(expect.arrayContaining([bridge.dir, `${HOME}/.nvm/versions/node/v22`]));
    // Electron's binary runs the forwarder as node only when told to.
    const electron = confinementArgv(profile({ network: 'loopback' }), facts(layout({ bridge: { ...bridge, electron: true } }), extra));
    expect(electron.argv.join(' ')).toContain('--setenv ELECTRON_RUN_AS_NODE 1');
    // A bridge folder in the layout of a server whose network is not "loopback" is not shown.
    expect(mountsOf(confinementArgv(profile({ network: 'none' }), facts(host, extra)))).not.toContain(`ro bridge ${bridge.dir}`);
    expect(bridgedCommand(bridge, [5432, 8080], 'npx', ['-y', 'pkg'])).toEqual([
      bridge.node, `${bridge.dir}/forward.mjs`, bridge.dir, '5432', '8080', '--', 'npx', '-y', 'pkg',
    ]);
  });

  it('a profile keeps loopback ports only with network "loopback"', () => {
    expect(profile({ network: 'loopback', loopbackPorts: [5432] }).loopbackPorts).toEqual([5432]);
    expect(profile({ network: 'full', loopbackPorts: [5432] }).loopbackPorts).toEqual([]);
    expect(profile({ network: 'loopback' }).loopbackPorts).toEqual([]);
  });

  it("shows a project server its project read-only and starts it there; `none` hides a project outside the homes", () => {
    const input = { source: 'project' as const, sourcePath: '/work/project/.mcp.json', cwd: '/work/project' };
    const ro = confinementArgv(profile({}, input), facts(layout()));
    expect(mountsOf(ro)).toContain('ro project /work/project');
    expect(ro.chdir).toBe('/work/project');
    const rw = confinementArgv(profile({ project: 'rw' }, input), facts(layout()));
    expect(rw.argv.join(' ')).toContain('--bind /work/project /work/project');
    const none = confinementArgv(profile({ project: 'none' }, input), facts(layout()));
    expect(mountsOf(none)).toContain('hidden project /work/project');
    expect(none.chdir).toBe(HOME);
  });

  it('keeps a declared working folder visible, read-only', () => {
    const composed = confinementArgv(profile({}, { cwd: '/srv/notes', cwdDeclared: true }), facts(layout()));
    expect(mountsOf(composed)).toContain('ro workdir /srv/notes');
    expect(composed.chdir).toBe('/srv/notes');
  });

  it('a grant of the whole home shows it read-only but hides every secret in it again', () => {
    const composed = confinementArgv(profile({ grants: [{ path: HOME, access: 'ro' }] }), facts(layout()));
    const mounts = mountsOf(composed);
    const grant = mounts.indexOf(`ro grant ${HOME}`);
    expect(grant).toBeGreaterThan(0);
    for (const secret of [`hidden secret ${HOME}/.ssh`, `hidden secret ${HOME}/.aws`, `hidden secret ${HOME}/.netrc`, `hidden secret ${HOME}/.local/share/keyrings`, `hidden gatehouse ${HOME}/.config/gatehouse`, `hidden gatehouse ${HOME}/.cache/gatehouse`]) {
      expect(mounts.indexOf(secret), secret).toBeGreaterThan(grant);
    }
    // The cache and the data folder come after the hiding, so they stay usable.
    expect(mounts.indexOf(`rw cache ${HOME}/.npm`)).toBeGreaterThan(mounts.indexOf(`hidden secret ${HOME}/.netrc`));
    expect(composed.argv.join(' ')).toContain(`--ro-bind /dev/null ${HOME}/.netrc`);
  });

  it('a grant naming a secret itself is applied after the hiding; a deeper grant wins over a shallower one', () => {
    const grants = [{ path: HOME, access: 'ro' as const }, { path: `${HOME}/.ssh/known_hosts`, access: 'ro' as const }, { path: '/work/project/data', access: 'rw' as const }, { path: '/work/project', access: 'ro' as const }];
    const composed = confinementArgv(profile({ grants }), facts(layout()));
    const mounts = mountsOf(composed);
    expect(mounts.indexOf(`hidden secret ${HOME}/.ssh`)).toBeGreaterThan(mounts.indexOf(`ro grant ${HOME}`));
    expect(mounts.indexOf(`ro grant ${HOME}/.ssh/known_hosts`)).toBeGreaterThan(mounts.indexOf(`hidden secret ${HOME}/.ssh`));
    expect(mounts.indexOf('rw grant /work/project/data')).toBeGreaterThan(mounts.indexOf('ro grant /work/project'));
  });

  it('the Docker socket only when granted, after it was hidden', () => {
    expect(mountsOf(confinementArgv(profile(), facts(layout())))).not.toContain('rw docker /run/docker.sock');
    const mounts = mountsOf(confinementArgv(profile({ docker: true }), facts(layout())));
    expect(mounts.indexOf('rw docker /run/docker.sock')).toBeGreaterThan(mounts.indexOf('hidden host /run/docker.sock'));
  });

  it('hides a session bus socket outside the hidden folders under /dev/null, and Gatehouse folders wherever they are', () => {
    const host = layout({ sessionBusPath: '/srv/bus/socket', runtimeDir: null });
    const composed = confinementArgv(profile(), facts(host, { '/srv/bus/socket': { kind: 'socket', real: '/srv/bus/socket' } }));
    expect(mountsOf(composed)).toContain('hidden host /srv/bus/socket');
    expect(composed.argv.join(' ')).toContain('--ro-bind /dev/null /srv/bus/socket');
  });

  it('mounts where links lead, and binds the paths an argv names', () => {
    const host = layout({ args: ['/srv/notes', '--db=/work/project/data'] });
    const composed = confinementArgv(profile(), facts(host, { [`${HOME}/.npm`]: { kind: 'dir', real: '/cache/npm' }, '/cache/npm': { kind: 'dir', real: '/cache/npm' } }));
    expect(mountsOf(composed)).toEqual(expect.arrayContaining(['rw cache /cache/npm', 'ro argument /srv/notes', 'ro argument /work/project/data']));
  });

  it('shows the certificates the trust settings name, and an interpreter uv is told to use with its prefix', () => {
    const host = layout({ trustPaths: [`${HOME}/certs/corp.pem`], interpreters: [`${HOME}/.pyenv/versions/3.12/bin/python3.12`] });
    const composed = confinementArgv(profile(), facts(host, {
      [`${HOME}/certs/corp.pem`]: { kind: 'file', real: `${HOME}/certs/corp.pem` },
      [`${HOME}/.pyenv/versions/3.12`]: { kind: 'dir', real: `${HOME}/.pyenv/versions/3.12` },
    }));
    expect(mountsOf(composed)).toEqual(expect.arrayContaining([`ro trust ${HOME}/certs/corp.pem`, `ro toolchain ${HOME}/.pyenv/versions/3.12`]));
  });

  it('mounts a path once when several names lead to it (trust variables naming one bundle, a link to it)', () => {
    const bundle = '/etc/ssl/certs/ca-certificates.crt';
    const host = layout({ trustPaths: [bundle, bundle, '/etc/ssl/cert.pem'] });
    const composed = confinementArgv(profile(), facts(host, { [bundle]: { kind: 'file', real: bundle }, '/etc/ssl/cert.pem': { kind: 'file', real: bundle } }));
    expect(mountsOf(composed).filter((m) => m.endsWith(bundle))).toEqual([`ro trust ${bundle}`]);
    expect(composed.argv.filter((a) => a === bundle)).toHaveLength(2);
  });

  it('an XDG base folder outside the home is private too, and a missing grant mounts nothing', () => {
    const host = layout({ xdgDirs: ['/srv/xdg/config'] });
    const composed = confinementArgv(profile({ grants: [{ path: '/nowhere', access: 'ro' }] }), facts(host, { '/srv/xdg/config': { kind: 'dir', real: '/srv/xdg/config' } }));
    expect(mountsOf(composed)).toContain('private home /srv/xdg/config');
    expect(composed.missingGrants).toEqual(['/nowhere']);
    expect(composed.argv).not.toContain('/nowhere');
  });

  it('without a user namespace (a set-uid bubblewrap) it asks for none', () => {
    const f = facts(layout());
    const composed = confinementArgv(profile(), { ...f, features: { ...f.features, userNamespace: false } });
    expect(composed.argv).not.toContain('--unshare-user');
    expect(composed.argv).not.toContain('--disable-userns');
  });

  it('asks the host about every path it may mount', () => {
    const host = layout();
    const asked = candidatePaths(profile({ grants: [{ path: '/srv/notes', access: 'rw' }] }), host);
    for (const path of ['/tmp', HOME, STATE, `${HOME}/.ssh`, '/run/docker.sock', '/run/user/1000/bus', `${HOME}/.npm`, '/srv/notes', `${HOME}/.nvm/versions/node/v20`]) {
      expect(asked, path).toContain(path);
    }
  });
});
