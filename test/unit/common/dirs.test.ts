// One definition of Gatehouse's folders, for every OS; a relative XDG value is ignored (the XDG spec).
import { describe, expect, it } from 'vitest';
import { gatehouseDirs } from '../../../src/main/common/dirs';

describe('gatehouseDirs', () => {
  it('uses absolute XDG folders, else the XDG defaults, on Linux and macOS alike', () => {
    for (const platform of ['linux', 'darwin'] as const) {
      expect(gatehouseDirs({ XDG_CONFIG_HOME: '/x/conf', XDG_STATE_HOME: '/x/state', XDG_CACHE_HOME: '/x/cache' }, '/home/u', platform)).toEqual({
        config: '/x/conf/gatehouse',
        state: '/x/state/gatehouse',
        cache: '/x/cache/gatehouse',
      });
      expect(gatehouseDirs({}, '/home/u', platform)).toEqual({
        config: '/home/u/.config/gatehouse',
        state: '/home/u/.local/state/gatehouse',
        cache: '/home/u/.cache/gatehouse',
      });
    }
  });

  it('ignores a relative XDG value instead of resolving it against the working directory', () => {
    expect(gatehouseDirs({ XDG_CONFIG_HOME: 'relative/conf', XDG_STATE_HOME: './state' }, '/home/u', 'linux')).toMatchObject({
      config: '/home/u/.config/gatehouse',
      state: '/home/u/.local/state/gatehouse',
    });
  });

  it('uses %APPDATA% and %LOCALAPPDATA% on Windows unless an absolute XDG_CONFIG_HOME is set', () => {
    const env = { APPDATA: 'C:\\Users\\u\\AppData\\Roaming', LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' };
    const dirs = gatehouseDirs(env, 'C:\\Users\\u', 'win32');
    expect(dirs.config.endsWith('gatehouse')).toBe(true);
    expect(dirs.config.startsWith(env.APPDATA) || dirs.config.includes('Roaming')).toBe(true);
    expect(dirs.state).toContain('Local');
    expect(gatehouseDirs({ ...env, XDG_CONFIG_HOME: '/x/conf' }, '/home/u', 'win32').config).toBe('/x/conf/gatehouse');
  });
});
