// Proof of the main process without the Electron binary: the BUILT main bundle (out/main/index.js) runs
// under plain Node with a recording stand-in for `electron` (stand-in/electron.mjs). Real core, real
// children, the real HTTP listener and instance.json, a real second launch, a real `gatehouse serve`.
// What this proves and what it does not: README, "The desktop app".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { channelNames, ipcChannel } from '../../../src/shared/ipc';
import { verifiedFetch } from '../../../src/main/state/verified-fetch';
import { requireBuild, runningGateway, type RunningGateway } from '../../helpers/cli-process';
import { processAlive, waitFor } from '../../helpers/wait';
import { CLI_ENTRY, createWorkspace, FAULT_SERVER, REPO_ROOT, type Workspace } from '../../helpers/workspace';
import { clearTranscripts, labels, launchApp, requireFreshBundle, type AppProcess, type MenuItemRecord } from './app-process';

let workspace: Workspace;
const apps: AppProcess[] = [];
const serves: RunningGateway[] = [];

const RENDERER_PAGE = `file://${join(REPO_ROOT, 'out', 'renderer', 'index.html')}`;

function appEnv(): NodeJS.ProcessEnv {
  const home = workspace.home;
  // No SHELL: the login-shell PATH probe is skipped; everything else the app reads is the workspace's.
  return {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    GATEHOUSE_CATALOG_INDEX: 'off',
  };
}

function launch(name: string, args: string[] = ['--port', '0']): AppProcess {
  const app = launchApp({ name, args, env: appEnv(), cwd: workspace.project });
  apps.push(app);
  return app;
}

const instancePath = () => join(workspace.home, '.local', 'state', 'gatehouse', 'instance.json');
const announced = () => JSON.parse(readFileSync(instancePath(), 'utf8')) as { pid: number; url: string; token: string };

/** The label of the menu line starting with `prefix`, or undefined. */
const line = (items: MenuItemRecord[], prefix: string) => labels(items).find((label) => label.startsWith(prefix) || label.includes(`] ${prefix}`));

async function gatewayHealth(): Promise<{ servers: { name: string; state: string; pid: number | null }[] }> {
  const record = announced();
  const url = new URL(record.url);
  const client = new Client({ name: 'main-bundle-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { fetch: verifiedFetch({ url, instanceToken: record.token, bearer: record.token }) }));
  try {
    const result = await client.callTool({ name: 'gateway.health', arguments: {} });
    const first = result.content[0];
    return JSON.parse(first?.type === 'text' ? first.text : '{}');
  } finally {
    await client.close();
  }
}

async function startServe(): Promise<RunningGateway> {
  const child = spawn(process.execPath, [CLI_ENTRY, 'serve', '--transport', 'http', '--port', '0'], { cwd: workspace.project, env: appEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdout.resume();
  const serve = await runningGateway(child);
  serves.push(serve);
  return serve;
}

async function quit(app: AppProcess): Promise<number | null> {
  await app.command('click', { path: ['Quit Gatehouse'] });
  return app.exited;
}

beforeAll(() => {
  requireBuild();
  requireFreshBundle();
  clearTranscripts(['lifecycle', 'second-launch', 'attach-at-login', 'dialog-quit']);
});

beforeEach(() => {
  workspace = createWorkspace();
  workspace.writeConfig({
    mcpServers: {
      fault: { command: process.execPath, args: [FAULT_SERVER] },
      // Eager, with a credential nobody set: auth_required at start, and a notification.
      needy: { command: process.execPath, args: [FAULT_SERVER], env: { TOKEN: '${GATEHOUSE_MAIN_BUNDLE_TEST_TOKEN}' } },
    },
    autoStart: ['fault', 'needy'],
  });
});

afterEach(async () => {
  for (const app of apps.splice(0)) {
    if (app.child.exitCode === null && app.child.signalCode === null) {
      app.child.kill('SIGKILL');
      await app.exited;
    }
  }
  for (const serve of serves.splice(0)) await serve.stop();
  workspace.cleanup();
});

describe('the built main bundle under the electron stand-in', () => {
  it('holds the lock, serves, wires the window, IPC, tray and notifications, and quits clean', async () => {
    const app = launch('lifecycle');
    await app.waitFor('app.requestSingleInstanceLock', (r) => r.granted === true);

    // Every channel of the contract is registered, and nothing else.
    for (const name of channelNames) await app.waitFor('ipcMain.handle', (r) => r.channel === ipcChannel(name), `the ${name} handler`);
    expect(app.records.filter((r) => r.kind === 'ipcMain.handle').map((r) => r.channel).sort()).toEqual(channelNames.map(ipcChannel).sort());

    // The window: hardened options, the built renderer page.
    const window = await app.waitFor('window.created');
    expect((window.options as { webPreferences: Record<string, unknown> }).webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      preload: join(REPO_ROOT, 'out', 'preload', 'index.cjs'),
    });
    await app.waitFor('window.loadFile', (r) => r.file === join(REPO_ROOT, 'out', 'renderer', 'index.html'));
    const contentsId = window.contentsId as number;

    // Core and HTTP gateway: announced, answering the real SDK client, its eager child running.
    const serving = await app.waitFor('tray.menu', (r) => labels(r.items as MenuItemRecord[]).some((l) => l.startsWith('Serving MCP at http://127.0.0.1:')), 'the serving line');
    const url = labels(serving.items as MenuItemRecord[]).find((l) => l.startsWith('Serving MCP at '))?.slice('Serving MCP at '.length);
    expect(announced()).toMatchObject({ pid: app.child.pid, url });
    const faultPid = await waitFor(async () => (await gatewayHealth()).servers.find((s) => s.name === 'fault' && s.state === 'online')?.pid ?? undefined, 'fault online', 20_000);
    expect(processAlive(faultPid)).toBe(true);

    // Tray: the live status line, per-server items, gateway control, switches, quit.
    await app.waitFor('tray.menu', (r) => labels(r.items as MenuItemRecord[]).some((l) => l.startsWith('fault — online')), 'fault online in the tray');
    const menu = app.menu();
    expect(labels(menu)[0]).toMatch(/^Gatehouse — 1 of 2 servers online, 1 error$/);
    expect(line(menu, 'needy —')).toBe('needy — needs GATEHOUSE_MAIN_BUNDLE_TEST_TOKEN');
    expect(labels(menu)).toEqual(expect.arrayContaining(['Open Gatehouse', 'Pause gateway', '[ ] Start at login', '[x] Notifications', 'Quit Gatehouse']));
    await app.waitFor('tray.tooltip', (r) => String(r.text).startsWith('Gatehouse — 1 of 2 servers online'));

    // A native notification for the server that needs a credential.
    await app.waitFor('notification.show', (r) => r.title === 'needy needs a credential' && String(r.body).includes('GATEHOUSE_MAIN_BUNDLE_TEST_TOKEN'));

    // IPC: the window's own top frame is served; any other sender is refused.
    const health = await app.command<{ rows: { name: string; status: string }[] }>('invoke', { channel: ipcChannel('listHealth'), input: {}, sender: { contentsId, frameUrl: RENDERER_PAGE } });
    expect(health.rows.map((row) => [row.name, row.status])).toEqual([['fault', 'online'], ['needy', 'auth_required']]);
    const forbidden = /\[IPC_FORBIDDEN_SENDER\] listHealth: the request did not come from the Gatehouse window/;
    await expect(app.command('invoke', { channel: ipcChannel('listHealth'), input: {}, sender: { contentsId, frameUrl: 'https://evil.example/' } })).rejects.toThrow(forbidden);
    await expect(app.command('invoke', { channel: ipcChannel('listHealth'), input: {}, sender: { contentsId, frameUrl: RENDERER_PAGE, subframe: true } })).rejects.toThrow(forbidden);
    await expect(app.command('invoke', { channel: ipcChannel('listHealth'), input: {}, sender: { contentsId: contentsId + 100, frameUrl: RENDERER_PAGE } })).rejects.toThrow(forbidden);
    await expect(app.command('invoke', { channel: ipcChannel('listHealth'), input: {}, sender: { contentsId, frameUrl: null } })).rejects.toThrow(forbidden);
    await expect(app.command('invoke', { channel: ipcChannel('stopServer'), input: { name: 'a b' }, sender: { contentsId, frameUrl: RENDERER_PAGE } })).rejects.toThrow(/\[IPC_INVALID_INPUT\] stopServer/);
    expect(app.stderr()).toContain('refused listHealth from https://evil.example/');
    // Navigation away from the panel and new windows are blocked; permission requests denied; CSP set.
    expect(await app.command('navigate', { url: 'https://evil.example/' })).toEqual({ prevented: true, windowOpen: 'deny' });
    expect(await app.command('permission', { permission: 'clipboard-read' })).toEqual({ granted: false, check: false });
    const headers = await app.command<Record<string, string[]>>('headers');
    expect(headers['Content-Security-Policy']?.[0]).toContain("default-src 'self'");
    expect(headers).not.toHaveProperty('content-security-policy');

    // Core events reach the window: stopping fault from the tray pushes a snapshot to it.
    await app.command('click', { path: ['fault —', 'Stop'] });
    await waitFor(() => !processAlive(faultPid), 'the fault child to stop');
    await app.waitFor('webContents.send', (r) => r.channel === 'gatehouse:event:healthChanged' && (r.payload as { rows: { name: string; status: string }[] }).rows.some((row) => row.name === 'fault' && row.status === 'stopped'));
    await app.waitFor('tray.menu', (r) => line(r.items as MenuItemRecord[], 'fault —') === 'fault — stopped');
    await app.command('click', { path: ['fault —', 'Start'] });
    const restarted = await waitFor(async () => (await gatewayHealth()).servers.find((s) => s.name === 'fault' && s.state === 'online')?.pid ?? undefined, 'fault online again', 20_000);

    // Start at login: the XDG autostart entry (Linux), starting hidden, and the setting saved.
    await app.command('click', { path: ['Start at login'] });
    await app.waitFor('tray.menu', (r) => labels(r.items as MenuItemRecord[]).includes('[x] Start at login'));
    expect(readFileSync(join(workspace.home, '.config', 'autostart', 'gatehouse.desktop'), 'utf8')).toContain(`Exec="${process.execPath}" "--hidden"`);
    expect(JSON.parse(readFileSync(join(workspace.home, '.config', 'gatehouse', 'settings.json'), 'utf8'))).toEqual({ startAtLogin: true });

    // One gateway per user: a headless serve next to the app is refused and names the app's pid.
    const refused = spawnSync(process.execPath, [CLI_ENTRY, 'serve', '--transport', 'http', '--port', '0'], { cwd: workspace.project, env: appEnv(), encoding: 'utf8', timeout: 30_000 });
    expect(refused.status).toBe(75);
    expect(refused.stderr).toContain(`[GATEWAY_ALREADY_RUNNING] a Gatehouse gateway already runs for this user: pid ${app.child.pid}`);

    // Closing the window keeps the gateway; Quit stops every child and withdraws the announcement.
    await app.command('closeWindows');
    expect(app.child.exitCode).toBeNull();
    expect(await quit(app)).toBe(0);
    expect(processAlive(restarted)).toBe(false);
    expect(existsSync(instancePath())).toBe(false);
    expect(app.records.map((r) => r.kind)).toEqual(expect.arrayContaining(['app.quit.deferred', 'tray.destroyed', 'app.exit']));
  });

  it('a second launch hands over to the first: it starts no core, the first reveals its window', async () => {
    const first = launch('second-launch');
    await first.waitFor('tray.menu', (r) => labels(r.items as MenuItemRecord[]).some((l) => l.startsWith('Serving MCP at')), 'the first app serving');
    const record = readFileSync(instancePath(), 'utf8');
    const shownBefore = first.records.filter((r) => r.kind === 'window.show').length;

    const second = launch('second-launch');
    expect(await second.exited).toBe(0);
    expect(second.records.find((r) => r.kind === 'app.requestSingleInstanceLock')).toMatchObject({ granted: false, holder: first.child.pid });
    expect(second.records.map((r) => r.kind)).not.toContain('ipcMain.handle');
    expect(second.records.map((r) => r.kind)).not.toContain('tray.created');
    expect(second.stderr()).not.toContain('serving MCP');
    expect(readFileSync(instancePath(), 'utf8')).toBe(record);

    await first.waitFor('app.second-instance');
    await waitFor(() => first.records.filter((r) => r.kind === 'window.show').length > shownBefore, 'the window revealed');
    await first.waitFor('window.focus');
    expect(await quit(first)).toBe(0);
  });

  it('started at login next to a headless gateway, attaches without asking; Take over stops it and serves', async () => {
    const serve = await startServe();
    const app = launch('attach-at-login', ['--hidden', '--port', '0']);
    await app.waitFor('tray.menu', (r) => labels(r.items as MenuItemRecord[]).includes(`Attached to the gateway pid ${serve.child.pid} at ${serve.url.href}`), 'the attached line');
    expect(app.records.map((r) => r.kind)).not.toContain('window.created');
    expect(app.records.map((r) => r.kind)).not.toContain('dialog.showMessageBox');
    // The tray shows the headless gateway's servers.
    await app.waitFor('tray.menu', (r) => Boolean(line(r.items as MenuItemRecord[], 'fault — online')), 'its fault server online');
    expect(announced().pid).toBe(serve.child.pid);

    await app.command('click', { path: [`Take over from the gateway pid ${serve.child.pid}`] });
    // The app stops it (SIGTERM): wait for that exit. A second SIGTERM from here, while it shuts down,
    // would meet Node's default handler and end it by signal (exit code null) — that raced under load.
    const exitCode = serve.child.exitCode ?? (await new Promise<number | null>((resolve) => serve.child.once('exit', resolve)));
    expect(exitCode).toBe(0);
    await app.waitFor('tray.menu', (r) => labels(r.items as MenuItemRecord[]).some((l) => l.startsWith('Serving MCP at')), 'the app serving');
    expect(announced().pid).toBe(app.child.pid);
    await waitFor(async () => (await gatewayHealth()).servers.find((s) => s.name === 'fault' && s.state === 'online'), 'its own fault server', 20_000);
    expect(await quit(app)).toBe(0);
    expect(existsSync(instancePath())).toBe(false);
  });

  it('started by the operator next to a headless gateway, asks; Quit leaves that gateway alone', async () => {
    const serve = await startServe();
    const record = readFileSync(instancePath(), 'utf8');
    const app = launch('dialog-quit');
    const dialog = await app.waitFor('dialog.showMessageBox');
    expect(dialog.options).toMatchObject({ message: 'Another Gatehouse gateway is already running', buttons: ['Attach', 'Take over', 'Quit'] });
    expect((dialog.options as { detail: string }).detail).toContain(`pid ${serve.child.pid}`);
    await app.command('answerDialog', { id: dialog.id, response: 2 });
    expect(await app.exited).toBe(0);
    expect(serve.child.exitCode).toBeNull();
    expect(readFileSync(instancePath(), 'utf8')).toBe(record);
  });
});
