// What `gatehouse service install|uninstall|status` writes and runs (issue 19): the systemd user unit
// and the launchd plist for `gatehouse serve --transport http`, and the exact command lines. The token
// is never in a unit: it is named by EnvironmentFile (0600 file) or left to the keychain.
import { describe, expect, it } from 'vitest';
import { renderLaunchdPlist, shellWord } from '../../../src/main/service/launchd-plist';
import { installPlan, listenOf, parseShow, removePlan, serviceFile, statusCommand, type ServiceHost } from '../../../src/main/service/service-plan';
import { buildSpec, type TokenSource } from '../../../src/main/service/service-spec';
import { renderSystemdUnit, systemdWord } from '../../../src/main/service/systemd-unit';

const linux: ServiceHost = { platform: 'linux', env: { PATH: '/usr/bin:/bin', XDG_CONFIG_HOME: '/home/ada/.config' }, home: '/home/ada', uid: 1000 };
const mac: ServiceHost = { platform: 'darwin', env: { PATH: '/usr/bin:/bin' }, home: '/Users/ada', uid: 501 };
const launcher = { command: '/opt/node 22/bin/node', args: ['/srv/gatehouse/bin/gatehouse.mjs'] };

function spec(tokenSource: TokenSource, host = linux, extra: { port?: number; config?: string } = {}) {
  return buildSpec({ launcher, tokenSource, env: host.env, home: host.home, platform: host.platform, ...extra });
}

describe('the systemd user unit', () => {
  it('runs serve over HTTP with restart on failure, journald logging and the token from a 0600 env file', () => {
    const unit = renderSystemdUnit(spec('env-file', linux, { port: 4455, config: '/home/ada/.mcp.json' }));
    expect(unit).toContain('ExecStart="/opt/node 22/bin/node" /srv/gatehouse/bin/gatehouse.mjs serve --transport http --host 127.0.0.1 --port 4455 --auth shared-secret --config /home/ada/.mcp.json\n');
    expect(unit).toContain('EnvironmentFile=/home/ada/.config/gatehouse/service.env\n');
    expect(unit).toContain('Restart=on-failure\n');
    expect(unit).toContain('StandardError=journal\n');
    expect(unit).toContain('SyslogIdentifier=gatehouse\n');
    expect(unit).toContain('WantedBy=default.target\n');
    expect(unit).not.toMatch(/GATEHOUSE_AUTH_TOKEN=/);
  });

  it('names no token file in keychain mode, and serves without auth only when told to', () => {
    const keychain = renderSystemdUnit(spec('keychain'));
    expect(keychain).not.toContain('EnvironmentFile');
    expect(keychain).toContain('--auth shared-secret');
    expect(renderSystemdUnit(spec('none'))).toContain('--auth none');
  });

  it('escapes what systemd would expand or split', () => {
    expect(systemdWord('/plain/path')).toBe('/plain/path');
    expect(systemdWord('100%')).toBe('100%%');
    expect(systemdWord('$HOME')).toBe('$$HOME');
    expect(systemdWord('a "b"')).toBe('"a \\"b\\""');
  });
});

describe('the launchd agent', () => {
  it('keeps the agent alive after failures and sources the env file in a shell rather than holding the token', () => {
    const plist = renderLaunchdPlist(spec('env-file', mac), mac.home);
    expect(plist).toContain('<string>dev.gatehouse.gateway</string>');
    expect(plist).toContain('<string>/bin/sh</string>');
    expect(plist).toContain(`set -a; . /Users/ada/.config/gatehouse/service.env; set +a; exec '/opt/node 22/bin/node' /srv/gatehouse/bin/gatehouse.mjs serve`);
    expect(plist).toMatch(/<key>SuccessfulExit<\/key>\s*<false\/>/);
    expect(plist).not.toMatch(/GATEHOUSE_AUTH_TOKEN=/);
    expect(renderLaunchdPlist(spec('keychain', mac), mac.home)).toContain(`<string>/opt/node 22/bin/node</string>`);
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
  });
});

describe('the exact command lines', () => {
  it('on Linux: systemctl --user, into $XDG_CONFIG_HOME/systemd/user', () => {
    const plan = installPlan(spec('env-file'), linux);
    expect(plan.file).toBe('/home/ada/.config/systemd/user/gatehouse.service');
    expect(plan.commands).toEqual([
      ['systemctl', '--user', 'daemon-reload'],
      ['systemctl', '--user', 'enable', 'gatehouse.service'],
      ['systemctl', '--user', 'restart', 'gatehouse.service'],
    ]);
    expect(removePlan(linux)).toMatchObject({ before: [['systemctl', '--user', 'disable', '--now', 'gatehouse.service']], after: [['systemctl', '--user', 'daemon-reload']] });
    expect(statusCommand(linux)).toEqual(['systemctl', '--user', 'show', 'gatehouse.service', '--property=LoadState,ActiveState,SubState,MainPID,NRestarts,UnitFileState,ExecMainStatus']);
    expect(serviceFile({ ...linux, env: {} })).toBe('/home/ada/.config/systemd/user/gatehouse.service');
  });

  it('on macOS: launchctl bootstrap/bootout in the gui domain', () => {
    const plan = installPlan(spec('keychain', mac), mac);
    expect(plan.file).toBe('/Users/ada/Library/LaunchAgents/dev.gatehouse.gateway.plist');
    expect(plan.commands).toEqual([
      ['launchctl', 'bootout', 'gui/501/dev.gatehouse.gateway'],
      ['launchctl', 'bootstrap', 'gui/501', plan.file],
    ]);
    expect(statusCommand(mac)).toEqual(['launchctl', 'print', 'gui/501/dev.gatehouse.gateway']);
  });

  it('on Windows: refused with the documented way instead', () => {
    expect(() => installPlan(spec('none', linux), { ...linux, platform: 'win32' })).toThrow(expect.objectContaining({ code: 'E101', suggestion: expect.stringContaining('Task Scheduler') }));
  });

  it('reads systemctl show output and the listen address of an installed unit or plist', () => {
    expect(parseShow('ActiveState=active\nSubState=running\nMainPID=42\n')).toEqual({ ActiveState: 'active', SubState: 'running', MainPID: '42' });
    expect(listenOf(renderSystemdUnit(spec('none', linux, { port: 4455 })))).toEqual({ host: '127.0.0.1', port: 4455 });
    expect(listenOf(renderLaunchdPlist(spec('keychain', mac, { port: 4456 }), mac.home))).toEqual({ host: '127.0.0.1', port: 4456 });
  });
});
