// The desktop app's gateway with a real core, the real listener and, for attach and take-over, a real
// `gatehouse serve --transport http` process in the same home: serving and announcing, a taken port,
// pause and resume, attaching to the headless gateway and taking over from it.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGatehouse } from '../../../src/main/core/gatehouse';
import { resolveHttpSettings } from '../../../src/main/http/settings';
import { createDesktopGateway, type AttachChoice, type DesktopGateway, type GatewayState } from '../../../src/main/shell/desktop-gateway';
import { verifyListener } from '../../../src/main/state/verify-listener';
import { requireBuild, runningGateway, type RunningGateway } from '../../helpers/cli-process';
import { processAlive, waitFor } from '../../helpers/wait';
import { CLI_ENTRY, createWorkspace, faultServer, type Workspace } from '../../helpers/workspace';
import { cliEnv } from '../http/cli';

let workspace: Workspace;
let instancePath: string;
const gateways: DesktopGateway[] = [];
const headless: RunningGateway[] = [];

beforeEach(() => {
  workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: { fault: faultServer() }, autoStart: ['fault'] });
  instancePath = join(workspace.home, '.local', 'state', 'gatehouse', 'instance.json');
});
afterEach(async () => {
  for (const gateway of gateways.splice(0)) await gateway.stop();
  for (const serve of headless.splice(0)) await serve.stop();
  workspace.cleanup();
});

function desktop(options: { port?: number; choose?: AttachChoice; logs?: string[] } = {}): DesktopGateway {
  const logs = options.logs ?? [];
  const log = (line: string) => logs.push(line);
  const settings = resolveHttpSettings({ port: options.port ?? 0 }, { env: {}, readFile: () => '', warn: log });
  const core = createGatehouse({ projectDir: workspace.project, homeDir: workspace.home, stateDir: workspace.stateDir, cacheDir: workspace.cacheDir, log });
  const gateway = createDesktopGateway({ core, settings, log, instancePath, choose: async () => options.choose ?? 'attach', pollMs: 100 });
  gateways.push(gateway);
  return gateway;
}

async function startServe(): Promise<RunningGateway> {
  requireBuild();
  const child = spawn(process.execPath, [CLI_ENTRY, 'serve', '--transport', 'http', '--port', '0'], { cwd: workspace.project, env: cliEnv(workspace.home), stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdout.resume();
  const serve = await runningGateway(child);
  headless.push(serve);
  return serve;
}

const announced = () => JSON.parse(readFileSync(instancePath, 'utf8')) as { pid: number; url: string; token: string };
const faultRow = async (gateway: DesktopGateway) => (await gateway.api.listHealth({})).rows.find((row) => row.name === 'fault');

describe('serving', () => {
  it('serves HTTP and announces itself while running, and withdraws on stop', async () => {
    const gateway = desktop();
    expect(await gateway.start()).toBe('running');
    const state = gateway.state() as Extract<GatewayState, { mode: 'serving' }>;
    expect(state.mode).toBe('serving');
    expect(announced()).toMatchObject({ url: state.url, pid: process.pid });
    // Local clients check the listener is this gateway (it proves it holds the announced token) before sending it.
    expect(await verifyListener(new URL(announced().url), announced().token)).toEqual({ ok: true });
    expect((await fetch(new URL('/health', state.url))).status).toBe(200);
    await gateway.stop();
    expect(existsSync(instancePath)).toBe(false);
    expect(gateway.state()).toEqual({ mode: 'stopped' });
  });

  it('keeps the core without HTTP when the port is taken by something else, and says why', async () => {
    const first = desktop();
    await first.start();
    const port = Number(new URL((first.state() as { url: string }).url).port);
    // Another home's instance.json: the second one does not see the first as an announced gateway.
    instancePath = join(workspace.root, 'other-state', 'instance.json');
    const second = desktop({ port });
    expect(await second.start()).toBe('running');
    expect(second.state()).toMatchObject({ mode: 'unserved', reason: expect.stringContaining(`port ${port}`) });
    expect((await second.api.listHealth({})).rows.map((row) => row.name)).toEqual(['fault']);
  });

  it('pauses: closes the listener, withdraws the announcement, stops the children and refuses starts; resumes them', async () => {
    const gateway = desktop();
    await gateway.start();
    const pid = await waitFor(async () => (await faultRow(gateway))?.pid ?? undefined, 'the eager server');
    const url = (gateway.state() as { url: string }).url;
    await gateway.pause();
    expect(gateway.state()).toEqual({ mode: 'paused' });
    expect(existsSync(instancePath)).toBe(false);
    await expect(fetch(new URL('/health', url))).rejects.toThrow();
    expect(processAlive(pid)).toBe(false);
    expect(await gateway.api.startServer({ name: 'fault' })).toMatchObject({ ok: false, message: expect.stringContaining('the gateway is paused') });
    await gateway.resume();
    expect(gateway.state()).toMatchObject({ mode: 'serving' });
    expect(announced().pid).toBe(process.pid);
    await waitFor(async () => (await faultRow(gateway))?.status === 'online', 'the eager server again');
  });
});

describe('next to a headless gateway', () => {
  it('attaches on the operator\'s word: shows and drives its servers', async () => {
    const serve = await startServe();
    const gateway = desktop({ choose: 'attach' });
    const seen: number[] = [];
    gateway.events.on('healthChanged', (snapshot) => seen.push(snapshot.generation));
    expect(await gateway.start()).toBe('running');
    expect(gateway.state()).toEqual({ mode: 'attached', pid: serve.child.pid, url: serve.url.href, lost: null });
    const remotePid = await waitFor(async () => (await faultRow(gateway))?.pid ?? undefined, "the serve's eager server");
    // The row is the headless gateway's: its child, not one of this process.
    expect(readFileSync(`/proc/${remotePid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]).toBe(String(serve.child.pid));
    expect(await gateway.api.stopServer({ name: 'fault' })).toMatchObject({ ok: true });
    expect(processAlive(remotePid)).toBe(false);
    expect(await gateway.api.startServer({ name: 'fault' })).toMatchObject({ ok: true, row: { status: 'online' } });
    expect(announced().pid).toBe(serve.child.pid);
    // Each pushed snapshot is newer than the last: the panel and tray keep every one.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('takes over: stops the headless gateway, then serves and announces itself', async () => {
    const serve = await startServe();
    const gateway = desktop({ choose: 'attach' });
    await gateway.start();
    const before = (await gateway.api.listHealth({})).generation;
    await gateway.takeOver();
    expect(await serve.stop()).toBe(0);
    expect(gateway.state()).toMatchObject({ mode: 'serving' });
    expect(announced().pid).toBe(process.pid);
    await waitFor(async () => (await faultRow(gateway))?.status === 'online', 'its own eager server');
    expect((await gateway.api.listHealth({})).generation).toBeGreaterThan(before);
  });

  it('takes over at start when so chosen, and quits without starting anything when so chosen', async () => {
    const serve = await startServe();
    const quitter = desktop({ choose: 'quit' });
    expect(await quitter.start()).toBe('quit');
    expect(announced().pid).toBe(serve.child.pid);
    const taker = desktop({ choose: 'takeOver' });
    expect(await taker.start()).toBe('running');
    expect(serve.child.exitCode ?? (await serve.stop())).toBe(0);
    expect(announced().pid).toBe(process.pid);
  });

  it('notices when the attached gateway goes away', async () => {
    const serve = await startServe();
    const gateway = desktop({ choose: 'attach' });
    await gateway.start();
    await serve.stop();
    await waitFor(() => (gateway.state() as { lost?: string | null }).lost, 'the lost state');
    expect(gateway.state()).toMatchObject({ mode: 'attached', lost: expect.stringContaining('stopped answering') });
    await gateway.takeOver();
    expect(gateway.state()).toMatchObject({ mode: 'serving' });
  });
});
