// Confined, unconfined (and why), or not started: the decision as data, for hosts this machine is not
// (no bubblewrap, no user namespaces, no network namespaces, an abstract session bus, macOS).
import { describe, expect, it } from 'vitest';
import { decide, type DecisionInput } from '../../../src/main/common/confinement/decide';
import { abstractSockets, sessionBus } from '../../../src/main/common/confinement/facts';
import type { HostSupport } from '../../../src/main/common/confinement/host-support';
import { resolveProfile, runnerOf, type ConfinementSettings } from '../../../src/main/common/confinement/profile';

const WORKS: HostSupport = { platform: 'linux', bwrap: '/usr/bin/bwrap', version: '0.8.0', problem: null, userNamespace: true, networkNamespace: true, networkProblem: null, disableUserns: true };

function input(settings: ConfinementSettings = {}, more: Partial<DecisionInput> = {}): DecisionInput {
  const profile = resolveProfile({ settings, source: 'user', sourcePath: '/home/a/.mcp.json', cwd: '/home/a', cwdDeclared: false, argv: ['npx', 'x'], runtimeRoot: null });
  return { support: WORKS, operatorOff: false, settings, sourcePath: '/home/a/.mcp.json', profile, abstractBus: null, abstractSockets: [], runningAsRoot: false, ...more };
}

describe('decide', () => {
  it('confines where bubblewrap works', () => {
    expect(decide(input())).toEqual({ state: 'confined', reason: null, gaps: [] });
  });

  it('does not start a server this host cannot confine, and says what is missing and the ways out', () => {
    const missing = decide(input({}, { support: { ...WORKS, bwrap: null, problem: 'bubblewrap (bwrap) is not installed' } }));
    expect(missing.state).toBe('unavailable');
    expect(missing.reason).toContain('bubblewrap (bwrap) is not installed');
    expect(missing.reason).toContain('{"confinement": {"allow_unconfined": true}} in /home/a/.mcp.json');
    expect(missing.reason).toContain('GATEHOUSE_CONFINEMENT=off');
    const noUserns = decide(input({}, { support: { ...WORKS, problem: 'bubblewrap cannot make a user namespace here: setting up uid map: Permission denied (kernel.unprivileged_userns_clone = 0)' } }));
    expect(noUserns).toMatchObject({ state: 'unavailable', reason: expect.stringContaining('unprivileged_userns_clone = 0') });
  });

  it('runs it unconfined, saying why, only when its entry allows it or the operator turned confinement off', () => {
    const support = { ...WORKS, bwrap: null, problem: 'bubblewrap (bwrap) is not installed' };
    expect(decide(input({ allowUnconfined: true }, { support }))).toEqual({ state: 'unconfined', reason: 'bubblewrap (bwrap) is not installed; its entry allows running unconfined', gaps: [] });
    expect(decide(input({}, { support, operatorOff: true }))).toMatchObject({ state: 'unconfined', reason: 'the operator turned confinement off (GATEHOUSE_CONFINEMENT=off)' });
    expect(decide(input({ enabled: false }))).toMatchObject({ state: 'unconfined', reason: 'its entry turns confinement off ("enabled": false in /home/a/.mcp.json)' });
  });

  it('network "none" and "loopback" need a network namespace; "full" does not', () => {
    const support = { ...WORKS, networkNamespace: false, networkProblem: 'bubblewrap cannot make a network namespace here: Operation not permitted' };
    expect(decide(input({ network: 'none' }, { support }))).toMatchObject({ state: 'unavailable', reason: expect.stringContaining('network "none" needs a network namespace') });
    expect(decide(input({ network: 'loopback', loopbackPorts: [5432] }, { support }))).toMatchObject({ state: 'unavailable', reason: expect.stringContaining('network "loopback" needs a network namespace') });
    // With its own network namespace, the host's abstract sockets are out of reach: no gap for them.
    expect(decide(input({ network: 'loopback' }, { abstractSockets: ['@/tmp/.X11-unix/X0'], abstractBus: '/tmp/dbus-X' })).gaps).toEqual([]);
    expect(decide(input({ network: 'full' }, { support })).state).toBe('confined');
  });

  it('an abstract session bus cannot be hidden from a server on the host network: refused unless allowed, then listed', () => {
    expect(decide(input({}, { abstractBus: '/tmp/dbus-X' }))).toMatchObject({ state: 'unavailable', reason: expect.stringContaining('abstract socket (@/tmp/dbus-X)') });
    expect(decide(input({ network: 'none' }, { abstractBus: '/tmp/dbus-X' }))).toEqual({ state: 'confined', reason: null, gaps: [] });
    const allowed = decide(input({ allowUnconfined: true }, { abstractBus: '/tmp/dbus-X' }));
    expect(allowed.state).toBe('confined');
    expect(allowed.gaps[0]).toContain('abstract socket (@/tmp/dbus-X)');
  });

  it('lists what it leaves open: abstract sockets with network "full", a Docker grant, running as root', () => {
    const gaps = decide(input({ docker: true }, { abstractSockets: ['@/tmp/.X11-unix/X0'], runningAsRoot: true })).gaps;
    expect(gaps).toEqual([
      expect.stringContaining('X11 display @/tmp/.X11-unix/X0'),
      expect.stringContaining('the Docker socket is granted'),
      expect.stringContaining('Gatehouse runs as root'),
    ]);
    expect(decide(input({ network: 'none' }, { abstractSockets: ['@/tmp/.X11-unix/X0'] })).gaps).toEqual([]);
  });

  it('off Linux: unconfined, saying no backend is built there', () => {
    const mac = { ...WORKS, platform: 'darwin' as const, bwrap: null, problem: 'no confinement backend is built for darwin yet' };
    expect(decide(input({}, { support: mac }))).toMatchObject({ state: 'unconfined', reason: expect.stringContaining('no confinement backend is built for darwin yet') });
  });
});

describe('host facts', () => {
  it('reads the session bus address: a socket path, an abstract name, or $XDG_RUNTIME_DIR/bus by default', () => {
    expect(sessionBus('unix:path=/run/user/1000/bus', null)).toEqual({ path: '/run/user/1000/bus', abstract: null });
    expect(sessionBus('unix:abstract=/tmp/dbus-AbC,guid=123', null)).toEqual({ path: null, abstract: '/tmp/dbus-AbC' });
    expect(sessionBus('tcp:host=x,port=1;unix:path=/tmp/dbus-%41', null)).toEqual({ path: '/tmp/dbus-A', abstract: null });
    expect(sessionBus(undefined, '/run/user/7')).toEqual({ path: '/run/user/7/bus', abstract: null });
  });

  it('lists the listening abstract sockets of /proc/net/unix', () => {
    const table = [
      'Num       RefCount Protocol Flags    Type St Inode Path',
      '0000000000000000: 00000002 00000000 00010000 0001 01 21345 @/tmp/.X11-unix/X0',
      '0000000000000000: 00000003 00000000 00000000 0001 03 21346 @/tmp/.X11-unix/X0',
      '0000000000000000: 00000002 00000000 00010000 0001 01 21347 /run/user/1000/bus',
      '0000000000000000: 00000002 00000000 00000000 0001 03 21348 @anon-client',
    ].join('\n');
    expect(abstractSockets(table)).toEqual(['@/tmp/.X11-unix/X0']);
  });

  it('knows the runners whose caches a server needs', () => {
    expect(runnerOf(['npx', '-y', 'x'])).toBe('npm');
    expect(runnerOf(['/usr/local/bin/uvx', 'mcp-server-time'])).toBe('uv');
    expect(runnerOf(['uv', 'run', '--script', 's.py'])).toBe('uv');
    expect(runnerOf(['pnpm', 'dlx', 'x'])).toBe('pnpm');
    expect(runnerOf(['node', '/usr/lib/node_modules/npm/bin/npx-cli.js'])).toBe('npm');
    expect(runnerOf(['node', 'server.js'])).toBe(null);
  });

  it('defaults: the project read-only for a project server, no project for a user server, network full', () => {
    const project = resolveProfile({ settings: undefined, source: 'project', sourcePath: '/p/.mcp.json', cwd: '/p', cwdDeclared: false, argv: ['node', 's.js'], runtimeRoot: null });
    expect(project).toMatchObject({ network: 'full', project: { path: '/p', access: 'ro' }, grants: [], docker: false, runner: null });
    const user = resolveProfile({ settings: undefined, source: 'user', sourcePath: '/h/.mcp.json', cwd: '/h/work', cwdDeclared: false, argv: ['uvx', 'x'], runtimeRoot: null });
    expect(user).toMatchObject({ project: { path: '/h/work', access: 'none' }, runner: 'uv' });
  });
});
