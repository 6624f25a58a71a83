import { createAuditRing } from '../../../src/main/logs/audit-ring';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserWindowConstructorOptions } from 'electron';
import { createEvents } from '../../../src/main/core/events';
import type { Gatehouse } from '../../../src/main/core/types';
import type { DesktopGateway } from '../../../src/main/shell/desktop-gateway';
import { channelNames, ipcChannel } from '../../../src/shared/ipc';
import { snapshot } from '../../helpers/health-fixtures';
import { unusedPanelChannels } from '../../helpers/panel-channels-unused';

// Electron replaced at the shell boundary with just enough app, window, tray and IPC to drive the wiring.
const electron = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;
  const emitter = () => {
    const listeners = new Map<string, Listener[]>();
    return {
      listeners,
      on(name: string, listener: Listener) {
        listeners.set(name, [...(listeners.get(name) ?? []), listener]);
      },
      emit(name: string, ...args: unknown[]) {
        for (const listener of listeners.get(name) ?? []) listener(...args);
      },
    };
  };
  let nextId = 1;
  class FakeWindow {
    static instances: FakeWindow[] = [];
    events = emitter();
    destroyed = false;
    shown = 0;
    focused = 0;
    loaded: string[] = [];
    webContents = { id: nextId++, send: vi.fn() };
    constructor(readonly options: BrowserWindowConstructorOptions) {
      FakeWindow.instances.push(this);
    }
    once(name: string, listener: Listener) {
      this.events.on(name, listener);
    }
    on(name: string, listener: Listener) {
      this.events.on(name, listener);
    }
    loadFile(file: string) {
      this.loaded.push(file);
      return Promise.resolve();
    }
    isDestroyed() {
      return this.destroyed;
    }
    isMinimized() {
      return false;
    }
    show() {
      this.shown++;
    }
    focus() {
      this.focused++;
    }
    close() {
      this.destroyed = true;
      this.events.emit('closed');
    }
  }
  const appEvents = emitter();
  const state = { lock: true, ready: false };
  const app = {
    ...appEvents,
    requestSingleInstanceLock: () => state.lock,
    quit: vi.fn(() => appEvents.emit('before-quit', { preventDefault: () => {} })),
    isReady: () => state.ready,
    whenReady: () => Promise.resolve().then(() => { state.ready = true; }),
  };
  const handled = new Map<string, unknown>();
  return {
    FakeWindow,
    appEvents,
    state,
    handled,
    app,
    BrowserWindow: FakeWindow,
    ipcMain: { handle: (channel: string, handler: unknown) => handled.set(channel, handler), removeHandler: () => {} },
    session: { defaultSession: { webRequest: { onHeadersReceived: vi.fn() }, setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() } },
    dialog: { showErrorBox: vi.fn() },
    Tray: class { setToolTip() {} setContextMenu() {} on() {} destroy() {} },
    Notification: { isSupported: () => false },
    Menu: { buildFromTemplate: (template: unknown) => template },
    nativeImage: { createFromPath: (path: string) => ({ path }) },
  };
});
vi.mock('electron', () => ({
  app: electron.app,
  BrowserWindow: electron.BrowserWindow,
  ipcMain: electron.ipcMain,
  session: electron.session,
  dialog: electron.dialog,
  Tray: electron.Tray,
  Menu: electron.Menu,
  nativeImage: electron.nativeImage,
  Notification: electron.Notification,
}));

const { runShell } = await import('../../../src/main/shell/app-lifecycle');

function fakeCore(start: () => Promise<void> = async () => {}) {
  const stop = vi.fn(async () => {});
  const core: Gatehouse = {
    api: {
      ...unusedPanelChannels(),
      listHealth: async () => snapshot(0, []),
      listConfigIssues: async () => [],
      startServer: async () => ({ ok: true, row: null, message: '' }),
      stopServer: async () => ({ ok: true, row: null, message: '' }),
      listSecrets: async () => ({ keychain: null, index_path: '/tmp/index.json', project_root: null, tenant: null, names: [] }),
      setSecret: async () => ({ ok: true, code: null, message: '', next_step: null, last_changed: null }),
      deleteSecret: async () => ({ ok: true, code: null, message: '', next_step: null, last_changed: null }),
      listProjectTrust: async () => ({ project_root: null, files: [] }),
      approveProjectFile: async () => ({ ok: false, message: 'not used by the shell', report: { project_root: null, files: [] } }),
      revokeProjectFile: async () => ({ ok: false, message: 'not used by the shell', report: { project_root: null, files: [] } }),
      listLogs: async () => ({ lines: [] }),
      runDoctor: async () => {
        throw new Error('not used by the shell');
      },
    },
    events: createEvents(),
    audit: createAuditRing(),
    addSecretValue: () => undefined,
    hasPendingWork: () => false,
    endSession: () => 0,
    onListChanged: () => () => undefined,
    listedInputSchema: () => null,
    start: vi.fn(start),
    stop,
    createMcpServer: () => {
      throw new Error('not used by the shell');
    },
  };
  return core;
}

// The gateway the shell drives, around the fake core: starting and stopping it starts and stops the core.
function fakeGateway(core: Gatehouse): DesktopGateway {
  return {
    api: core.api,
    events: core.events,
    state: () => ({ mode: 'serving', url: 'http://127.0.0.1:3344/mcp' }),
    onState: () => () => {},
    start: async () => {
      await core.start();
      return 'running';
    },
    stop: () => core.stop(),
    pause: async () => {},
    resume: async () => {},
    takeOver: async () => {},
    shared: () => null,
  };
}

const preferences = { current: () => ({ startAtLogin: false, notifications: true }), toggle: vi.fn(async () => {}), syncLoginItem: vi.fn() };

function launch(core = fakeCore(), startHidden = false) {
  const createCore = vi.fn(() => fakeGateway(core));
  runShell({ createGateway: createCore, preferences, mainDir: '/opt/gh/out/main', resourcesDir: '/opt/gh/resources', startHidden, log: vi.fn() });
  return { core, createCore };
}

beforeEach(() => {
  electron.FakeWindow.instances.length = 0;
  electron.appEvents.listeners.clear();
  electron.handled.clear();
  electron.state.lock = true;
  electron.state.ready = false;
  electron.app.quit.mockClear();
  electron.dialog.showErrorBox.mockClear();
});

describe('runShell', () => {
  it('hands over to the running instance without building a core', () => {
    electron.state.lock = false;
    const { createCore } = launch();
    expect(electron.app.quit).toHaveBeenCalledTimes(1);
    expect(createCore).not.toHaveBeenCalled();
    expect(electron.appEvents.listeners.size).toBe(0);
  });

  it('on ready registers every channel, opens the hardened window and starts the core', async () => {
    const { core } = launch();
    await vi.waitFor(() => expect(core.start).toHaveBeenCalledTimes(1));
    expect([...electron.handled.keys()].sort()).toEqual(channelNames.map(ipcChannel).sort());
    const [window] = electron.FakeWindow.instances;
    expect(electron.FakeWindow.instances).toHaveLength(1);
    expect(window?.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, preload: '/opt/gh/out/preload/index.cjs' });
    expect(window?.loaded).toEqual(['/opt/gh/out/renderer/index.html']);
  });

  it('forwards core events to the open window', async () => {
    const { core } = launch();
    await vi.waitFor(() => expect(core.start).toHaveBeenCalled());
    core.events.emit('healthChanged', snapshot(3, []));
    expect(electron.FakeWindow.instances[0]?.webContents.send).toHaveBeenCalledWith('gatehouse:event:healthChanged', snapshot(3, []));
  });

  it('keeps running when the window closes, and a second launch reopens it', async () => {
    const { core } = launch();
    await vi.waitFor(() => expect(core.start).toHaveBeenCalled());
    const [first] = electron.FakeWindow.instances;
    electron.appEvents.emit('second-instance');
    expect(electron.FakeWindow.instances).toHaveLength(1);
    expect(first?.focused).toBe(1);
    first?.close();
    electron.appEvents.emit('window-all-closed');
    expect(electron.app.quit).not.toHaveBeenCalled();
    electron.appEvents.emit('second-instance');
    expect(electron.FakeWindow.instances).toHaveLength(2);
  });

  it('starts hidden in the tray when asked', async () => {
    const { core } = launch(fakeCore(), true);
    await vi.waitFor(() => expect(core.start).toHaveBeenCalled());
    expect(electron.FakeWindow.instances).toHaveLength(0);
  });

  it('stops the core once before quitting', async () => {
    const { core } = launch();
    await vi.waitFor(() => expect(core.start).toHaveBeenCalled());
    const held = { preventDefault: vi.fn() };
    electron.appEvents.emit('before-quit', held);
    electron.appEvents.emit('before-quit', { preventDefault: vi.fn() });
    expect(held.preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(electron.app.quit).toHaveBeenCalledTimes(1));
    expect(core.stop).toHaveBeenCalledTimes(1);
  });

  it('reports a failed start and quits', async () => {
    launch(fakeCore(async () => { throw new Error('config /home/u/.gatehouse.json line 3: bad "command"'); }));
    await vi.waitFor(() => expect(electron.dialog.showErrorBox).toHaveBeenCalledWith('Gatehouse could not start', expect.stringContaining('line 3')));
    await vi.waitFor(() => expect(electron.app.quit).toHaveBeenCalled());
  });
});
