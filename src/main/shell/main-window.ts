// The control panel window: hardened options, shown when painted, loading only the app's own page. The
// options stay inline in `new BrowserWindow({...})` so Electronegativity (npm run check:electron) reads
// every webPreference where it is set.
import { join } from 'node:path';
import { BrowserWindow } from 'electron';
import type { AppLocation } from './app-url';

/** The sandboxed preload must be CommonJS, so electron-vite emits it as `out/preload/index.cjs`. */
export function preloadPath(mainDir: string): string {
  return join(mainDir, '..', 'preload', 'index.cjs');
}

export function createMainWindow(
  mainDir: string,
  location: AppLocation,
  iconPath: string,
  log: (line: string) => void,
): BrowserWindow {
  const window = new BrowserWindow({
    title: 'Gatehouse',
    width: 1120,
    height: 760,
    minWidth: 760,
    minHeight: 480,
    // Shown on ready-to-show, so the user never sees an empty white frame while React mounts.
    show: false,
    backgroundColor: '#101418',
    autoHideMenuBar: true,
    // Linux and Windows use it; macOS takes the bundle icon.
    icon: iconPath,
    webPreferences: {
      // Reviewed (Electronegativity flags every preload for review): it runs sandboxed and exposes exactly
      // the channel map of src/shared/ipc.ts, no generic invoke or on(channel) (test/unit/shell/preload-*.test.ts).
      preload: preloadPath(mainDir), // eng-disable PRELOAD_JS_CHECK
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
      // A middle click must not open links in a new window (guarded anyway: see navigation-guard.ts).
      disableBlinkFeatures: 'Auxclick',
    },
  });
  window.once('ready-to-show', () => window.show());
  const loading = location.kind === 'file' ? window.loadFile(location.file) : window.loadURL(location.url);
  loading.catch((error: unknown) => {
    log(`gatehouse: the panel failed to load from ${location.url}: ${String(error)}`);
  });
  return window;
}

export function revealWindow(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
