// A recording stand-in for the `electron` module, for running the BUILT main bundle under plain Node
// (the Electron binary cannot be downloaded on these machines). It does what the shell relies on —
// app events and lifecycle, a single-instance lock, windows, a tray with a menu, ipcMain handlers,
// dialogs, notifications, login items, the session hooks — and reports each call to the test over the
// Node IPC channel ({ type: 'record', kind, ... }). The test drives it back: invoke an IPC channel as a
// given sender frame, click a tray menu item, answer a dialog, ask the session hooks. It renders nothing:
// what it proves is the main process's own wiring, not Electron's behaviour.
import { EventEmitter } from 'node:events';
import { mkdirSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const send = (message) => {
  if (process.connected) process.send(message);
};
const record = (kind, detail = {}) => send({ type: 'record', kind, at: Date.now(), ...detail });

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// ---- app -------------------------------------------------------------------------------------------
const userData = join(process.env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'Gatehouse');
const lockFile = join(userData, 'SingletonLock');
let lockHeld = false;
let ready = false;
let resolveReady;
const readyPromise = new Promise((resolve) => {
  resolveReady = resolve;
});

class App extends EventEmitter {
  isPackaged = true;
  setAppUserModelId(id) {
    record('app.setAppUserModelId', { id });
  }
  getAppPath() {
    return process.cwd();
  }
  getPath(name) {
    return name === 'userData' ? userData : join(homedir(), name);
  }
  isReady() {
    return ready;
  }
  whenReady() {
    return readyPromise;
  }
  // Electron's lock is a socket in userData; here a lock file naming the holder's pid. A second process
  // leaves its argv for the holder, which emits second-instance, as Electron does.
  requestSingleInstanceLock() {
    mkdirSync(userData, { recursive: true });
    for (;;) {
      try {
        writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
        lockHeld = true;
        watchSecondInstances();
        record('app.requestSingleInstanceLock', { granted: true });
        return true;
      } catch (error) {
        if (error.code !== 'EEXIST') throw error;
        const holder = Number(readFileSync(lockFile, 'utf8'));
        if (holder !== process.pid && alive(holder)) {
          writeFileSync(join(userData, `second-instance-${process.pid}.json`), JSON.stringify({ argv: process.argv, cwd: process.cwd() }));
          record('app.requestSingleInstanceLock', { granted: false, holder });
          return false;
        }
        rmSync(lockFile, { force: true }); // a stale lock of a process that is gone
      }
    }
  }
  getLoginItemSettings() {
    return { openAtLogin: false, wasOpenedAtLogin: false };
  }
  setLoginItemSettings(settings) {
    record('app.setLoginItemSettings', { settings });
  }
  quit() {
    record('app.quit');
    const event = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
    this.emit('before-quit', event);
    if (event.defaultPrevented) {
      record('app.quit.deferred');
      return;
    }
    for (const window of BrowserWindow.all.filter((candidate) => !candidate.isDestroyed())) window.destroy();
    this.emit('will-quit', { preventDefault() {} });
    this.emit('quit');
    record('app.exit', { code: 0 });
    setImmediate(() => process.exit(0));
  }
  exit(code = 0) {
    record('app.exit', { code });
    process.exit(code);
  }
}

export const app = new App();

function watchSecondInstances() {
  const timer = setInterval(() => {
    for (const name of readdirSync(userData)) {
      if (!/^second-instance-\d+\.json$/.test(name)) continue;
      const file = join(userData, name);
      const { argv, cwd } = JSON.parse(readFileSync(file, 'utf8'));
      unlinkSync(file);
      record('app.second-instance', { argv });
      app.emit('second-instance', { preventDefault() {} }, argv, cwd);
    }
  }, 50);
  timer.unref();
}

process.on('exit', () => {
  if (!lockHeld) return;
  try {
    if (Number(readFileSync(lockFile, 'utf8')) === process.pid) unlinkSync(lockFile);
  } catch {
    // already gone
  }
});

// ---- windows and web contents ----------------------------------------------------------------------
let nextContentsId = 1;

class WebContents extends EventEmitter {
  id = nextContentsId++;
  windowOpenHandler = null;
  constructor(owner) {
    super();
    this.owner = owner;
  }
  send(channel, payload) {
    record('webContents.send', { id: this.id, channel, payload });
  }
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler;
  }
}

export class BrowserWindow extends EventEmitter {
  static all = [];
  destroyed = false;
  minimized = false;
  constructor(options = {}) {
    super();
    this.options = options;
    this.webContents = new WebContents(this);
    BrowserWindow.all.push(this);
    record('window.created', { contentsId: this.webContents.id, options });
    app.emit('web-contents-created', { preventDefault() {} }, this.webContents);
  }
  async loadFile(file) {
    record('window.loadFile', { contentsId: this.webContents.id, file });
    setImmediate(() => this.emit('ready-to-show'));
  }
  async loadURL(url) {
    record('window.loadURL', { contentsId: this.webContents.id, url });
    setImmediate(() => this.emit('ready-to-show'));
  }
  show() {
    record('window.show', { contentsId: this.webContents.id });
  }
  focus() {
    record('window.focus', { contentsId: this.webContents.id });
  }
  restore() {
    this.minimized = false;
  }
  isMinimized() {
    return this.minimized;
  }
  isDestroyed() {
    return this.destroyed;
  }
  close() {
    this.destroy();
  }
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    record('window.closed', { contentsId: this.webContents.id });
    this.emit('closed');
  }
}

// ---- ipcMain ---------------------------------------------------------------------------------------
const handlers = new Map();
export const ipcMain = {
  handle(channel, handler) {
    handlers.set(channel, handler);
    record('ipcMain.handle', { channel });
  },
  removeHandler(channel) {
    handlers.delete(channel);
  },
};

// ---- tray and menus --------------------------------------------------------------------------------
export const Menu = { buildFromTemplate: (template) => ({ template }) };
export const nativeImage = { createFromPath: (path) => ({ path }) };

const serialize = (items) =>
  items.map((item) => ({
    label: item.label ?? null,
    type: item.type ?? 'normal',
    enabled: item.enabled ?? true,
    ...(item.type === 'checkbox' ? { checked: Boolean(item.checked) } : {}),
    ...(item.submenu ? { submenu: serialize(item.submenu) } : {}),
  }));

let currentTray = null;
export class Tray extends EventEmitter {
  constructor(image) {
    super();
    this.image = image;
    this.menu = [];
    currentTray = this;
    record('tray.created', { image });
  }
  setToolTip(text) {
    record('tray.tooltip', { text });
  }
  setContextMenu(menu) {
    this.menu = menu.template;
    record('tray.menu', { items: serialize(this.menu) });
  }
  destroy() {
    record('tray.destroyed');
    if (currentTray === this) currentTray = null;
  }
}

/** The menu item whose label starts with each given prefix in turn (a path into submenus). */
function findItem(path) {
  let items = currentTray?.menu ?? [];
  let found = null;
  for (const prefix of path) {
    found = items.find((item) => typeof item.label === 'string' && item.label.startsWith(prefix)) ?? null;
    if (!found) return null;
    items = found.submenu ?? [];
  }
  return found;
}

// ---- dialogs, notifications, session ----------------------------------------------------------------
let dialogId = 0;
const dialogAnswers = new Map();
export const dialog = {
  showMessageBox(options) {
    const id = ++dialogId;
    record('dialog.showMessageBox', { id, options });
    return new Promise((resolve) => dialogAnswers.set(id, resolve));
  },
  showErrorBox(title, content) {
    record('dialog.showErrorBox', { title, content });
  },
};

export class Notification extends EventEmitter {
  static isSupported() {
    return true;
  }
  constructor(options) {
    super();
    this.options = options;
  }
  show() {
    record('notification.show', { title: this.options.title, body: this.options.body });
  }
}

const sessionHooks = { headers: null, permissionRequest: null, permissionCheck: null };
export const session = {
  defaultSession: {
    webRequest: {
      onHeadersReceived(listener) {
        sessionHooks.headers = listener;
      },
    },
    setPermissionRequestHandler(handler) {
      sessionHooks.permissionRequest = handler;
    },
    setPermissionCheckHandler(handler) {
      sessionHooks.permissionCheck = handler;
    },
  },
};

export const shell = {
  openExternal: async (url) => record('shell.openExternal', { url }),
};

// ---- the test's commands -----------------------------------------------------------------------------
async function invoke({ channel, input, sender }) {
  const handler = handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  const window = BrowserWindow.all.find((candidate) => !candidate.isDestroyed());
  const id = sender.contentsId ?? window?.webContents.id ?? -1;
  const event = { sender: { id }, senderFrame: sender.frameUrl === null ? null : { url: sender.frameUrl, parent: sender.subframe ? {} : null } };
  return handler(event, input);
}

function navigate(url) {
  const contents = BrowserWindow.all.find((candidate) => !candidate.isDestroyed())?.webContents;
  let prevented = false;
  contents?.emit('will-navigate', { preventDefault() { prevented = true; } }, url);
  const opened = contents?.windowOpenHandler?.({ url });
  return { prevented, windowOpen: opened?.action ?? null };
}

const commands = {
  invoke,
  click: async ({ path }) => {
    const item = findItem(path);
    if (!item?.click) throw new Error(`no clickable tray item ${JSON.stringify(path)}`);
    item.click(item, undefined, {});
    return true;
  },
  trayClick: async () => {
    currentTray?.emit('click');
    return true;
  },
  answerDialog: async ({ id, response }) => {
    dialogAnswers.get(id)?.({ response, checkboxChecked: false });
    dialogAnswers.delete(id);
    return true;
  },
  closeWindows: async () => {
    for (const window of BrowserWindow.all) window.close();
    app.emit('window-all-closed');
    return true;
  },
  headers: async () =>
    new Promise((resolve) => sessionHooks.headers?.({ responseHeaders: { 'content-security-policy': ['default-src *'] } }, ({ responseHeaders }) => resolve(responseHeaders))),
  permission: async ({ permission }) =>
    new Promise((resolve) => sessionHooks.permissionRequest?.(null, permission, (granted) => resolve({ granted, check: sessionHooks.permissionCheck?.() ?? null }))),
  navigate: async ({ url }) => navigate(url),
};

process.on('message', (message) => {
  if (message?.type !== 'command') return;
  const run = commands[message.command];
  Promise.resolve()
    .then(() => (run ? run(message) : Promise.reject(new Error(`unknown command ${message.command}`))))
    .then(
      (value) => send({ type: 'reply', id: message.id, ok: true, value }),
      (error) => send({ type: 'reply', id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
});

// Electron is ready once the entry module has run its top level; the shell waits on whenReady().
setImmediate(() => {
  ready = true;
  record('app.ready');
  app.emit('ready', {}, {});
  resolveReady();
});
