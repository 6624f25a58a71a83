// Electron entry: build the core, then hand it to the shell. Everything Electron-specific lives in
// ./shell; the core is the same one `gatehouse serve` runs headless.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app } from 'electron';
import { readFileSync } from 'node:fs';
import { createGatehouse } from './core/gatehouse';
import { resolveHttpSettings } from './http/settings';
import { withSharedGateway } from './core/shared-gateway';
import { openGatewayLog } from './logs/gateway-log';
import { loginShellPath, mergePaths } from './supervisor/login-path';
import { runShell } from './shell/app-lifecycle';

// Resolved here, in the entry bundle itself (out/main/index.js): shared code may land in split chunks
// whose own location says nothing about where out/preload and out/renderer are.
const mainDir = dirname(fileURLToPath(import.meta.url));
const gatewayLog = openGatewayLog(); // $XDG_STATE_HOME/gatehouse/logs/gateway.log, as `gatehouse serve` keeps it
const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
  gatewayLog.write(line);
};

app.setAppUserModelId('dev.gatehouse.app');

runShell({
  // Built only after the single-instance lock is held, so a second launch never starts children.
  // Launched from a dock or menu, the app lacks the user's PATH; the login shell's is merged in once.
  createCore: async () => {
    const path = mergePaths(await loginShellPath(process.env), process.env.PATH);
    const env = { ...process.env, PATH: path };
    // The tray app is the long-lived gateway: it serves loopback HTTP and announces itself, so stdio
    // clients started by MCP clients attach to it instead of starting their own core.
    const settings = resolveHttpSettings({}, { env, readFile: (file) => readFileSync(file, 'utf8'), warn: log });
    return withSharedGateway(createGatehouse({ log, env }), settings, log);
  },
  mainDir,
  resourcesDir: join(mainDir, '..', '..', 'resources'),
  // Never in a packaged app: an inherited variable must not point the privileged window elsewhere.
  devServerUrl: app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL,
  startHidden: process.argv.includes('--hidden'),
  log,
});
