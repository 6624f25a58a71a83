import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, readDesktopSettings, settingsFilePath, SettingsWriteRefused, updateDesktopSettings } from '../../../src/main/settings/desktop-settings';
import { gatewayPort } from '../../../src/main/settings/port';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-settings-'));
  path = join(dir, 'gatehouse', 'settings.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (text: string) => {
  mkdirSync(join(dir, 'gatehouse'), { recursive: true });
  writeFileSync(path, text);
};

describe('readDesktopSettings', () => {
  it('gives the defaults, with no problem, when the file does not exist', () => {
    expect(readDesktopSettings(path)).toEqual({ settings: DEFAULT_SETTINGS, problems: [] });
  });

  it('reads every field it owns', () => {
    write(JSON.stringify({ port: 4455, startAtLogin: true, notifications: false }));
    expect(readDesktopSettings(path)).toEqual({ settings: { port: 4455, startAtLogin: true, notifications: false }, problems: [] });
  });

  it('keeps the good fields and reports each bad one by file and field, with its default in force', () => {
    write(JSON.stringify({ port: 70000, startAtLogin: 'yes', notifications: false }));
    const { settings, problems } = readDesktopSettings(path);
    expect(settings).toEqual({ port: null, startAtLogin: false, notifications: false });
    expect(problems.map((p) => [p.code, p.field])).toEqual([['SETTINGS_INVALID_FIELD', 'port'], ['SETTINGS_INVALID_FIELD', 'startAtLogin']]);
    expect(problems[0]?.message).toBe(`${path}: "port" must be a whole number from 1 to 65535, not 70000; the default (null) applies`);
    expect(problems[1]?.next_step).toBe(`set "startAtLogin" in ${path} to a valid value, or remove it`);
  });

  it('treats a file that is not a JSON object as absent, and says so', () => {
    for (const text of ['{ "port": ', '[1, 2]', 'null']) {
      write(text);
      const { settings, problems } = readDesktopSettings(path);
      expect(settings).toEqual(DEFAULT_SETTINGS);
      expect(problems).toEqual([expect.objectContaining({ code: 'SETTINGS_INVALID_JSON', path, field: null })]);
    }
  });

  it('lives in the config folder', () => {
    expect(settingsFilePath({ XDG_CONFIG_HOME: '/x/conf' }, '/home/u')).toBe('/x/conf/gatehouse/settings.json');
    expect(settingsFilePath({}, '/home/u')).toBe('/home/u/.config/gatehouse/settings.json');
  });
});

describe('updateDesktopSettings', () => {
  it('creates the file 0600 and keeps keys it does not own', () => {
    write(JSON.stringify({ port: 4455, theirs: { nested: [1] } }));
    const after = updateDesktopSettings(path, { startAtLogin: true });
    expect(after.settings).toEqual({ port: 4455, startAtLogin: true, notifications: true });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ port: 4455, theirs: { nested: [1] }, startAtLogin: true });
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('refuses a bad value and a file it would have to throw away, writing nothing', () => {
    expect(() => updateDesktopSettings(path, { port: 0 })).toThrow(SettingsWriteRefused);
    write('not json');
    expect(() => updateDesktopSettings(path, { startAtLogin: true })).toThrow(/is not a JSON object; .*nothing was written/);
    expect(readFileSync(path, 'utf8')).toBe('not json');
  });

  it('replaces a field that was invalid', () => {
    write(JSON.stringify({ startAtLogin: 'yes' }));
    expect(updateDesktopSettings(path, { startAtLogin: false }).problems).toEqual([]);
  });

  it('never writes through a symbolic link', () => {
    const target = join(dir, 'elsewhere.json');
    writeFileSync(target, '{}');
    mkdirSync(join(dir, 'gatehouse'), { recursive: true });
    symlinkSync(target, path);
    expect(() => updateDesktopSettings(path, { startAtLogin: true })).toThrow(/symbolic link/);
    expect(readFileSync(target, 'utf8')).toBe('{}');
  });
});

describe('gatewayPort', () => {
  it('takes the flag, then settings.json, then 3344', () => {
    expect(gatewayPort(0, { port: 4455 })).toEqual({ port: 0, source: 'flag' });
    expect(gatewayPort(undefined, { port: 4455 })).toEqual({ port: 4455, source: 'settings' });
    expect(gatewayPort(undefined, { port: null })).toEqual({ port: 3344, source: 'default' });
  });
});
