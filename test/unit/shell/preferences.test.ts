import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPreferences } from '../../../src/main/shell/preferences';

let dir: string;
let settingsPath: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-prefs-'));
  settingsPath = join(dir, 'config', 'gatehouse', 'settings.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const linuxHost = () => ({ platform: 'linux' as const, setLoginItemSettings: vi.fn(), command: ['/opt/gatehouse'], autostartDir: join(dir, 'autostart') });

describe('createPreferences', () => {
  it('turns start at login on and off: the autostart entry first, then settings.json', async () => {
    const log = vi.fn();
    const preferences = createPreferences(settingsPath, linuxHost(), log);
    expect(preferences.current()).toEqual({ startAtLogin: false, notifications: true });
    await preferences.toggle('startAtLogin');
    expect(preferences.current().startAtLogin).toBe(true);
    expect(JSON.parse(readFileSync(settingsPath, 'utf8'))).toEqual({ startAtLogin: true });
    expect(existsSync(join(dir, 'autostart', 'gatehouse.desktop'))).toBe(true);
    await preferences.toggle('startAtLogin');
    expect(existsSync(join(dir, 'autostart', 'gatehouse.desktop'))).toBe(false);
    expect(JSON.parse(readFileSync(settingsPath, 'utf8'))).toEqual({ startAtLogin: false });
  });

  it('saves nothing when the login item cannot be registered, and says why', async () => {
    const log = vi.fn();
    const failing = { ...linuxHost(), platform: 'darwin' as const, setLoginItemSettings: () => { throw new Error('denied by MDM'); } };
    const preferences = createPreferences(settingsPath, failing, log);
    await preferences.toggle('startAtLogin');
    expect(preferences.current().startAtLogin).toBe(false);
    expect(existsSync(settingsPath)).toBe(false);
    expect(log).toHaveBeenCalledWith('gatehouse: could not register the login item: denied by MDM');
  });

  it('toggles from the file as it is now, keeping the keys it does not own', async () => {
    mkdirSync(join(dir, 'config', 'gatehouse'), { recursive: true });
    const preferences = createPreferences(settingsPath, linuxHost(), vi.fn());
    writeFileSync(settingsPath, JSON.stringify({ notifications: false, port: 4455 }));
    await preferences.toggle('notifications');
    expect(JSON.parse(readFileSync(settingsPath, 'utf8'))).toEqual({ notifications: true, port: 4455 });
    expect(preferences.current().notifications).toBe(true);
  });

  it('re-registers an enabled login item at start (the app may have moved), and leaves a disabled one alone', () => {
    mkdirSync(join(dir, 'config', 'gatehouse'), { recursive: true });
    writeFileSync(settingsPath, JSON.stringify({ startAtLogin: true }));
    createPreferences(settingsPath, linuxHost(), vi.fn()).syncLoginItem();
    expect(readFileSync(join(dir, 'autostart', 'gatehouse.desktop'), 'utf8')).toContain('Exec="/opt/gatehouse" "--hidden"');
    rmSync(join(dir, 'autostart'), { recursive: true });
    writeFileSync(settingsPath, JSON.stringify({ startAtLogin: false }));
    createPreferences(settingsPath, linuxHost(), vi.fn()).syncLoginItem();
    expect(existsSync(join(dir, 'autostart'))).toBe(false);
  });
});
