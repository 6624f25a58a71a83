// The app's life: one instance, a tray that outlives the window, the core stopped once before quitting.
import { join } from 'node:path';
import { app, dialog, ipcMain, session, type BrowserWindow } from 'electron';
import type { Gatehouse } from '../core/types';
import { isAppUrl, resolveAppLocation } from './app-url';
import { contentSecurityPolicy, installCsp } from './csp';
import { forwardEvents, makeSenderCheck, registerChannelHandlers } from './ipc-register';
import { createMainWindow, revealWindow } from './main-window';
import { denyAllPermissions, guardAllContents } from './navigation-guard';
import { createQuitCoordinator } from './quit-coordinator';
import { createTray, type GatehouseTray } from './tray';

export interface ShellInput {
  createCore: () => Gatehouse | Promise<Gatehouse>;
  /** Directory of the built main bundle (`out/main`). */
  mainDir: string;
  /** Icons and other bundled resources. */
  resourcesDir: string;
  /** Only for unpackaged runs; see resolveAppLocation. */
  devServerUrl?: string;
  /** Started at login: live in the tray without opening the window. */
  startHidden: boolean;
  log: (line: string) => void;
}

export function runShell({ createCore, mainDir, resourcesDir, devServerUrl, startHidden, log }: ShellInput): void {
  // A second copy would start a second set of children and fight over the config; it hands over instead.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }

  const location = resolveAppLocation(mainDir, devServerUrl);
  const isOwnPage = (url: string): boolean => isAppUrl(location, url);
  const core = Promise.resolve().then(createCore);
  let window: BrowserWindow | null = null;
  let tray: GatehouseTray | null = null;
  const liveWindow = (): BrowserWindow | null => (window && !window.isDestroyed() ? window : null);

  const openWindow = (): void => {
    if (!app.isReady()) return;
    const existing = liveWindow();
    if (existing) {
      revealWindow(existing);
      return;
    }
    const created = createMainWindow(mainDir, location, join(resourcesDir, 'icon.png'), log);
    created.on('closed', () => {
      if (window === created) window = null;
    });
    window = created;
  };

  app.on('second-instance', openWindow);
  // macOS: clicking the dock icon with no window open.
  app.on('activate', openWindow);
  // Closing the window leaves the gateway serving MCP clients; Quit lives in the tray menu.
  app.on('window-all-closed', () => {});
  app.on(
    'before-quit',
    createQuitCoordinator({
      stop: async () => {
        tray?.dispose();
        await (await core).stop();
      },
      quit: () => app.quit(),
      log,
    }),
  );
  guardAllContents(app, isOwnPage, log);

  const boot = async (): Promise<void> => {
    await app.whenReady();
    const gatehouse = await core;
    denyAllPermissions(session.defaultSession);
    installCsp(session.defaultSession, contentSecurityPolicy(location.kind === 'dev' ? { devServerUrl: location.url } : {}));
    registerChannelHandlers(ipcMain, gatehouse.api, makeSenderCheck(() => liveWindow()?.webContents.id ?? null, isOwnPage), log);
    forwardEvents(gatehouse.events, (channel, payload) => liveWindow()?.webContents.send(channel, payload), log);
    tray = createTray({
      iconPath: join(resourcesDir, 'tray-icon.png'),
      api: gatehouse.api,
      events: gatehouse.events,
      openWindow,
      quit: () => app.quit(),
      log,
    });
    if (!startHidden) openWindow();
    await gatehouse.start();
  };

  boot().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    log(`gatehouse: could not start: ${message}`);
    dialog.showErrorBox('Gatehouse could not start', message);
    app.quit();
  });
}
