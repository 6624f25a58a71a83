// The app's life: one instance, a tray that outlives the window, the gateway stopped once before quitting.
import { join } from 'node:path';
import { app, dialog, ipcMain, session, type BrowserWindow } from 'electron';
import type { GatewayAlreadyRunning } from '../core/shared-gateway';
import { isAppUrl, resolveAppLocation } from './app-url';
import { contentSecurityPolicy, installCsp } from './csp';
import type { AttachChoice, DesktopGateway } from './desktop-gateway';
import { forwardEvents, makeSenderCheck, registerChannelHandlers } from './ipc-register';
import { createMainWindow, revealWindow } from './main-window';
import { denyAllPermissions, guardAllContents } from './navigation-guard';
import { createNotifier } from './notifier';
import type { Preferences } from './preferences';
import { createQuitCoordinator } from './quit-coordinator';
import { createTray, type GatehouseTray } from './tray';

export interface ShellInput {
  /** Builds the gateway; `choose` asks the operator what to do about a gateway already announced. */
  createGateway: (choose: (other: GatewayAlreadyRunning) => Promise<AttachChoice>) => DesktopGateway | Promise<DesktopGateway>;
  preferences: Preferences;
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

const CHOICES: readonly AttachChoice[] = ['attach', 'takeOver', 'quit'];

export function runShell({ createGateway, preferences, mainDir, resourcesDir, devServerUrl, startHidden, log }: ShellInput): void {
  // A second copy would start a second set of children and fight over the config; it hands over instead.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }

  const location = resolveAppLocation(mainDir, devServerUrl);
  const isOwnPage = (url: string): boolean => isAppUrl(location, url);
  let window: BrowserWindow | null = null;
  let tray: GatehouseTray | null = null;
  let notifier: { dispose(): void } | null = null;
  const liveWindow = (): BrowserWindow | null => (window && !window.isDestroyed() ? window : null);

  // Started at login, the app attaches without a dialog (the tray offers Take over); otherwise it asks.
  const choose = async (other: GatewayAlreadyRunning): Promise<AttachChoice> => {
    if (startHidden) return 'attach';
    await app.whenReady();
    const { response } = await dialog.showMessageBox({
      type: 'question',
      title: 'Gatehouse',
      message: 'Another Gatehouse gateway is already running',
      detail: `${other.message}.\n\nAttach: show and drive its servers from here; it keeps serving.\nTake over: stop it (its servers stop with it), then serve from this app.\nQuit: leave it as it is.`,
      buttons: ['Attach', 'Take over', 'Quit'],
      defaultId: 0,
      cancelId: 2,
      noLink: true,
    });
    return CHOICES[response] ?? 'quit';
  };
  const gateway = Promise.resolve().then(() => createGateway(choose));

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
        notifier?.dispose();
        await (await gateway).stop();
      },
      quit: () => app.quit(),
      log,
    }),
  );
  guardAllContents(app, isOwnPage, log);

  const boot = async (): Promise<void> => {
    await app.whenReady();
    const desktop = await gateway;
    denyAllPermissions(session.defaultSession);
    installCsp(session.defaultSession, contentSecurityPolicy(location.kind === 'dev' ? { devServerUrl: location.url } : {}));
    registerChannelHandlers(ipcMain, desktop.api, makeSenderCheck(() => liveWindow()?.webContents.id ?? null, isOwnPage), log);
    forwardEvents(desktop.events, (channel, payload) => liveWindow()?.webContents.send(channel, payload), log);
    preferences.syncLoginItem();
    tray = createTray({
      iconPath: join(resourcesDir, 'tray-icon.png'),
      api: desktop.api,
      events: desktop.events,
      controls: {
        state: desktop.state,
        onState: desktop.onState,
        pause: desktop.pause,
        resume: desktop.resume,
        takeOver: desktop.takeOver,
        preferences: preferences.current,
        toggle: preferences.toggle,
      },
      openWindow,
      quit: () => app.quit(),
      log,
    });
    notifier = createNotifier({ events: desktop.events, enabled: () => preferences.current().notifications, openWindow, log });
    if (!startHidden) openWindow();
    if ((await desktop.start()) === 'quit') app.quit();
  };

  boot().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    log(`gatehouse: could not start: ${message}`);
    dialog.showErrorBox('Gatehouse could not start', message);
    app.quit();
  });
}
