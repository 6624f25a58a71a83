import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mainWindowOptions, preloadPath } from '../../../src/main/shell/window-options';

describe('mainWindowOptions', () => {
  const mainDir = join('/opt', 'gatehouse', 'out', 'main');
  const options = mainWindowOptions({ mainDir, iconPath: '/opt/gatehouse/resources/icon.png' });

  it('isolates the renderer from Node', () => {
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('loads the CommonJS preload built beside the main bundle', () => {
    expect(options.webPreferences?.preload).toBe(join('/opt', 'gatehouse', 'out', 'preload', 'index.cjs'));
    expect(preloadPath(mainDir)).toBe(options.webPreferences?.preload);
  });

  it('stays hidden until ready-to-show and has a usable size', () => {
    expect(options.show).toBe(false);
    expect(options.width).toBeGreaterThanOrEqual(options.minWidth ?? 0);
    expect(options.height).toBeGreaterThanOrEqual(options.minHeight ?? 0);
    expect(options.minWidth).toBeGreaterThanOrEqual(640);
  });

  it('sets the icon only when one is given', () => {
    expect(options.icon).toBe('/opt/gatehouse/resources/icon.png');
    expect(mainWindowOptions({ mainDir })).not.toHaveProperty('icon');
  });
});
