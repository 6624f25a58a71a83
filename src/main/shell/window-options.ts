// The control panel window's options. Pure so the hardening can be asserted without Electron.
import { join } from 'node:path';
import type { BrowserWindowConstructorOptions } from 'electron';

export interface WindowOptionsInput {
  /** Directory of the built main bundle (`out/main`); the preload is built beside it. */
  mainDir: string;
  /** Window icon (Linux and Windows use it; macOS takes the bundle icon). */
  iconPath?: string;
}

/** The sandboxed preload must be CommonJS, so electron-vite emits it as `out/preload/index.cjs`. */
export function preloadPath(mainDir: string): string {
  return join(mainDir, '..', 'preload', 'index.cjs');
}

export function mainWindowOptions({ mainDir, iconPath }: WindowOptionsInput): BrowserWindowConstructorOptions {
  return {
    title: 'Gatehouse',
    width: 1120,
    height: 760,
    minWidth: 760,
    minHeight: 480,
    // Shown on ready-to-show, so the user never sees an empty white frame while React mounts.
    show: false,
    backgroundColor: '#101418',
    autoHideMenuBar: true,
    ...(iconPath ? { icon: iconPath } : {}),
    webPreferences: {
      preload: preloadPath(mainDir),
      // The renderer displays server output and config text; it must not be able to reach Node if any
      // of that ever turns into script.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  };
}
