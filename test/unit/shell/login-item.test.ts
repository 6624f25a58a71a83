import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { autostartDir, autostartEntry, quoteExecArgument } from '../../../src/main/shell/autostart-entry';
import { applyLoginItem, launchCommand, type LoginItemHost } from '../../../src/main/shell/login-item';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-autostart-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const host = (platform: NodeJS.Platform) => ({
  platform,
  setLoginItemSettings: vi.fn<LoginItemHost['setLoginItemSettings']>(),
  command: ['/opt/Gatehouse/gatehouse'],
  autostartDir: join(dir, 'autostart'),
});

describe('applyLoginItem', () => {
  it('writes and removes the XDG autostart entry on Linux, starting hidden', () => {
    const linux = host('linux');
    const file = join(dir, 'autostart', 'gatehouse.desktop');
    expect(applyLoginItem(true, linux)).toEqual({ ok: true, where: file });
    const entry = readFileSync(file, 'utf8');
    expect(entry).toContain('Exec="/opt/Gatehouse/gatehouse" "--hidden"\n');
    expect(entry.startsWith('[Desktop Entry]\nType=Application\n')).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o644);
    expect(linux.setLoginItemSettings).not.toHaveBeenCalled();
    expect(applyLoginItem(false, linux)).toEqual({ ok: true, where: file });
    expect(existsSync(file)).toBe(false);
    expect(applyLoginItem(false, linux).ok).toBe(true);
  });

  it('registers a login item through Electron on macOS and Windows', () => {
    for (const platform of ['darwin', 'win32'] as const) {
      const other = host(platform);
      expect(applyLoginItem(true, other).ok).toBe(true);
      applyLoginItem(false, other);
      expect(other.setLoginItemSettings.mock.calls).toEqual([[{ openAtLogin: true, args: ['--hidden'] }], [{ openAtLogin: false, args: ['--hidden'] }]]);
      expect(existsSync(join(dir, 'autostart'))).toBe(false);
    }
  });

  it('reports a failure as a value', () => {
    const failing = { ...host('darwin'), setLoginItemSettings: () => { throw new Error('not allowed'); } };
    expect(applyLoginItem(true, failing)).toEqual({ ok: false, code: 'LOGIN_ITEM_FAILED', message: 'could not register the login item: not allowed' });
  });
});

describe('the autostart entry', () => {
  it('quotes Exec arguments by both layers of the Desktop Entry spec', () => {
    expect(quoteExecArgument('/opt/My Apps/gate"house')).toBe('"/opt/My Apps/gate\\\\"house"');
    expect(quoteExecArgument('/home/u/$HOME/`x`')).toBe('"/home/u/\\\\$HOME/\\\\`x\\\\`"');
    expect(quoteExecArgument('C:\\dir')).toBe('"C:\\\\\\\\dir"');
    expect(quoteExecArgument('/tmp/100%')).toBe('"/tmp/100%%"');
  });

  it('refuses a path with a line break, which would add lines to the entry', () => {
    expect(() => autostartEntry(['/opt/x\nExec=/bin/evil'])).toThrow(/line break/);
  });

  it('lives in the XDG config folder', () => {
    expect(autostartDir({ XDG_CONFIG_HOME: '/x/conf' }, '/home/u')).toBe('/x/conf/autostart');
    expect(autostartDir({ XDG_CONFIG_HOME: 'relative' }, '/home/u')).toBe('/home/u/.config/autostart');
  });
});

describe('launchCommand', () => {
  it('starts an AppImage through its own file, an unpackaged app through electron and its folder', () => {
    expect(launchCommand({ execPath: '/tmp/.mount_x/gatehouse', appImage: '/home/u/Gatehouse.AppImage', isPackaged: true, appPath: '/a' })).toEqual(['/home/u/Gatehouse.AppImage']);
    expect(launchCommand({ execPath: '/opt/Gatehouse/gatehouse', isPackaged: true, appPath: '/a' })).toEqual(['/opt/Gatehouse/gatehouse']);
    expect(launchCommand({ execPath: '/repo/node_modules/electron/dist/electron', isPackaged: false, appPath: '/repo' })).toEqual(['/repo/node_modules/electron/dist/electron', '/repo']);
  });
});
