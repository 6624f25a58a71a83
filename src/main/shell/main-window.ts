// The control panel window: hardened options, shown when painted, loading only the app's own page.
import { BrowserWindow } from 'electron';
import type { AppLocation } from './app-url';
import { mainWindowOptions } from './window-options';

export function createMainWindow(
  mainDir: string,
  location: AppLocation,
  iconPath: string,
  log: (line: string) => void,
): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions({ mainDir, iconPath }));
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
