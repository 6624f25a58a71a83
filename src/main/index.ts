// Electron entry: build the gateway, then hand it to the shell. Everything Electron-specific lives in
// ./shell; the core is the same one `gatehouse serve` runs headless.
import { dirname, join } from 'node:path';
import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { app, shell } from 'electron';
import { readFileSync } from 'node:fs';
import { createGatehouse } from './core/gatehouse';
import { resolveHttpSettings } from './http/settings';
import { openGatewayLog } from './logs/gateway-log';
import { readDesktopSettings, settingsFilePath } from './settings/desktop-settings';
import { gatewayPort } from './settings/port';
import { loginShellPath, mergePaths } from './supervisor/login-path';
import { parseAppArgs } from './shell/app-args';
import { runShell } from './shell/app-lifecycle';
import { autostartDir } from './shell/autostart-entry';
import { createDesktopGateway } from './shell/desktop-gateway';
import { launchCommand } from './shell/login-item';
import { browserOpener } from './shell/open-external';
import { createPreferences } from './shell/preferences';

// Resolved here, in the entry bundle itself (out/main/index.js): shared code may land in split chunks
// whose own location says nothing about where out/preload and out/renderer are.
const mainDir = dirname(fileURLToPath(import.meta.url));
const gatewayLog = openGatewayLog(); // $XDG_STATE_HOME/gatehouse/logs/gateway.log, as `gatehouse serve` keeps it
const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
  gatewayLog.write(line);
};

app.setAppUserModelId('dev.gatehouse.app');

const args = parseAppArgs(process.argv);
if (args.problem) log(`gatehouse: ${args.problem}`);
const settingsPath = settingsFilePath();
const desktopSettings = readDesktopSettings(settingsPath);
for (const problem of desktopSettings.problems) log(`gatehouse: ${problem.message}`);

const preferences = createPreferences(
  settingsPath,
  {
    platform: process.platform,
    setLoginItemSettings: (settings) => app.setLoginItemSettings(settings),
    command: launchCommand({ execPath: process.execPath, appImage: process.env.APPIMAGE, isPackaged: app.isPackaged, appPath: app.getAppPath() }),
    autostartDir: autostartDir(process.env, homedir()),
  },
  log,
);

runShell({
  // Built only after the single-instance lock is held, so a second launch never starts children.
  // Launched from a dock or menu, the app lacks the user's PATH; the login shell's is merged in once.
  createGateway: async (choose) => {
    const path = mergePaths(await loginShellPath(process.env), process.env.PATH);
    const env = { ...process.env, PATH: path };
    // The tray app is the long-lived gateway: it serves loopback HTTP and announces itself, so stdio
    // clients started by MCP clients attach to it instead of starting their own core.
    const port = gatewayPort(args.port, desktopSettings.settings).port;
    const settings = resolveHttpSettings({ port }, { env, readFile: (file) => readFileSync(file, 'utf8'), warn: log });
    // An OAuth sign-in (from the panel or an agent's gateway.auth_connect) opens the system browser.
    // Reviewed: browserOpener (shell/open-external.ts) passes only http and https URLs on to openExternal.
    const openUrl = browserOpener((url) => shell.openExternal(url)); // eng-disable OPEN_EXTERNAL_JS_CHECK
    return createDesktopGateway({ core: createGatehouse({ log, env, openUrl }), settings, log, choose });
  },
  preferences,
  mainDir,
  resourcesDir: join(mainDir, '..', '..', 'resources'),
  // Never in a packaged app: an inherited variable must not point the privileged window elsewhere.
  devServerUrl: app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL,
  // macOS passes no arguments to a login item; it says it opened the app at login instead.
  startHidden: args.hidden || (process.platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin),
  log,
});
