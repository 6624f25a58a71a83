// One gateway per user, for real: two `gatehouse serve --transport http` processes with one home. The
// second is refused before it starts anything (no child, no listener, instance.json untouched) and says
// which gateway runs and what to do; --standalone still runs one on purpose; once the first stops, a new
// serve starts. The port comes from settings.json when no --port is given.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectStderr, requireBuild, runningGateway, type RunningGateway } from '../../helpers/cli-process';
import { CLI_ENTRY, createWorkspace, FAULT_SERVER, type Workspace } from '../../helpers/workspace';
import { cliEnv, instancePath } from '../http/cli';

let workspace: Workspace;
let marker: string;
const running: RunningGateway[] = [];
/** Processes expected to end by themselves; killed at teardown if one did not (a failing run). */
const ending: ChildProcess[] = [];

function env(): Record<string, string> {
  return cliEnv(workspace.home, { XDG_CONFIG_HOME: join(workspace.home, '.config') });
}

/** `serve --transport http` in the workspace; resolves with its exit code and stderr once it ends. */
function serveToEnd(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [CLI_ENTRY, 'serve', '--transport', 'http', ...args], { cwd: workspace.project, env: env(), stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdout.resume();
  ending.push(child);
  const stderr = collectStderr(child);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr: stderr() })));
}

async function serveRunning(args: string[]): Promise<RunningGateway> {
  const child = spawn(process.execPath, [CLI_ENTRY, 'serve', '--transport', 'http', ...args], { cwd: workspace.project, env: env(), stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdout.resume();
  const gateway = await runningGateway(child);
  running.push(gateway);
  return gateway;
}

/** Lines the eager server wrote: one per process started. */
const spawned = () => (existsSync(marker) ? readFileSync(marker, 'utf8').split('\n').filter(Boolean).length : 0);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

beforeEach(() => {
  requireBuild();
  workspace = createWorkspace();
  // In the project, in a folder its entry grants read-write: a confined server's own /tmp is private.
  mkdirSync(join(workspace.project, 'marks'));
  marker = join(workspace.project, 'marks', 'spawned.txt');
  // An eager server that records each start before it serves: a refused serve must leave no line.
  const recordThenServe = `require('node:fs').appendFileSync(${JSON.stringify(marker)}, process.pid + '\\n'); import(${JSON.stringify(FAULT_SERVER)});`;
  workspace.writeConfig({ mcpServers: { eager: { command: process.execPath, args: ['-e', recordThenServe], gatehouse: { confinement: { grants: [{ path: 'marks', access: 'rw' }] } } } }, autoStart: ['eager'] });
});

afterEach(async () => {
  for (const child of ending.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  for (const gateway of running.splice(0)) await gateway.stop();
  workspace.cleanup();
});

describe('gatehouse serve --transport http next to a running gateway', () => {
  it('refuses to start a second core, names the running one and the next step, and exits 75', async () => {
    const first = await serveRunning(['--port', '0']);
    const announced = readFileSync(instancePath(workspace.home), 'utf8');
    const pid = (JSON.parse(announced) as { pid: number }).pid;
    expect(pid).toBe(first.child.pid);
    await expect.poll(spawned).toBe(1);

    const second = await serveToEnd(['--port', '0']);

    expect(second.code).toBe(75);
    expect(second.stderr).toContain('[GATEWAY_ALREADY_RUNNING] a Gatehouse gateway already runs for this user');
    expect(second.stderr).toContain(`pid ${pid}, serving ${first.url.href}`);
    expect(second.stderr).toMatch(/next step: .*quit the Gatehouse app .*kill \d+/);
    expect(second.stderr).not.toContain('serving MCP at');
    expect(spawned()).toBe(1);
    expect(readFileSync(instancePath(workspace.home), 'utf8')).toBe(announced);
    expect(first.child.exitCode).toBeNull();
  });

  it('runs a separate gateway with --standalone, leaving the announcement to the first', async () => {
    const first = await serveRunning(['--port', '0']);
    const announced = readFileSync(instancePath(workspace.home), 'utf8');
    const standalone = await serveRunning(['--port', '0', '--standalone']);
    expect(standalone.url.port).not.toBe(first.url.port);
    expect(readFileSync(instancePath(workspace.home), 'utf8')).toBe(announced);
  });

  it('starts once the first gateway stopped and withdrew its announcement', async () => {
    const first = await serveRunning(['--port', '0']);
    expect(await first.stop()).toBe(0);
    expect(existsSync(instancePath(workspace.home))).toBe(false);
    const next = await serveRunning(['--port', '0']);
    expect((JSON.parse(readFileSync(instancePath(workspace.home), 'utf8')) as { pid: number }).pid).toBe(next.child.pid);
  });
});

describe('the port', () => {
  it('comes from settings.json when no --port is given, and --port still wins', async () => {
    const port = await freePort();
    const settings = join(workspace.home, '.config', 'gatehouse', 'settings.json');
    mkdirSync(join(workspace.home, '.config', 'gatehouse'), { recursive: true });
    writeFileSync(settings, JSON.stringify({ port, otherTool: { kept: true } }));
    const fromSettings = await serveRunning([]);
    expect(Number(fromSettings.url.port)).toBe(port);
    await fromSettings.stop();
    const fromFlag = await serveRunning(['--port', '0']);
    expect(Number(fromFlag.url.port)).not.toBe(port);
  });

  it('falls back to the default with a warning naming the file and field when settings.json is wrong', async () => {
    const settings = join(workspace.home, '.config', 'gatehouse', 'settings.json');
    mkdirSync(join(workspace.home, '.config', 'gatehouse'), { recursive: true });
    writeFileSync(settings, JSON.stringify({ port: 'eighty' }));
    // --port keeps the test off the real default port; the warning is about the file either way.
    const gateway = await serveRunning(['--port', '0']);
    expect(gateway.stderr()).toContain(`warning: ${settings}: "port" must be a whole number from 1 to 65535, not "eighty"`);
  });
});
