import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindowConstructorOptions } from 'electron';

// Electron replaced at the shell boundary: a window that keeps the options it was built with.
const electron = vi.hoisted(() => {
  class FakeWindow {
    static last: FakeWindow | null = null;
    constructor(readonly options: BrowserWindowConstructorOptions) {
      FakeWindow.last = this;
    }
    once() {}
    loadFile() {
      return Promise.resolve();
    }
    loadURL() {
      return Promise.resolve();
    }
  }
  return { FakeWindow };
});
vi.mock('electron', () => ({ BrowserWindow: electron.FakeWindow }));

const { createMainWindow, preloadPath } = await import('../../../src/main/shell/main-window');

const mainDir = join('/opt', 'gatehouse', 'out', 'main');
createMainWindow(mainDir, { kind: 'file', file: '/opt/gatehouse/out/renderer/index.html', url: 'file:///opt/gatehouse/out/renderer/index.html' }, '/opt/gatehouse/resources/icon.png', () => {});
const options = electron.FakeWindow.last?.options ?? {};

describe('the main window options', () => {
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
      disableBlinkFeatures: 'Auxclick',
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
    expect(options.icon).toBe('/opt/gatehouse/resources/icon.png');
  });
});
