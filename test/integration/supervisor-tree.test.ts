// Stop kills a server's whole process tree, also what left its process group: a grandchild that called
// setsid() (and one that also dropped the environment it inherited) is gone after the server stops, after
// the gateway stops, and after the server crashes — with cgroup v2 where this machine lets us use it, and
// with the fallback (environment token and recorded parent links) when cgroups are switched off.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ownCgroupDir } from '../../src/main/supervisor/child-cgroup';
import { LogRing } from '../../src/main/supervisor/log-ring';
import { killServerTree, spawnServer } from '../../src/main/supervisor/stdio-process';
import { startCore, waitFor, type CoreUnderTest } from '../helpers/core';
import { invoke } from '../helpers/invoke';
import { createWorkspace, REPO_ROOT, type Workspace } from '../helpers/workspace';

/** Built from test/fixtures/servers/escaping-server.ts. */
const ESCAPING_SERVER = join(REPO_ROOT, 'out/fixtures/escaping-server.mjs');

let workspace: Workspace;
let core: CoreUnderTest | undefined;
const leftovers: number[] = [];

beforeEach(() => {
  workspace = createWorkspace();
});
afterEach(async () => {
  await core?.close();
  core = undefined;
  // A failing test must not leave five-minute sleepers behind.
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  }
  workspace.cleanup();
});

/** True while the process exists and has not exited (an exited orphan may wait a moment as a zombie for init). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

function escapingServer(env: Record<string, string> = {}) {
  const pidFile = join(workspace.root, `grandchild-${Math.random().toString(36).slice(2)}.pid`);
  return { pidFile, definition: { command: process.execPath, args: [ESCAPING_SERVER], env: { ESCAPE_PID_FILE: pidFile, ...env } } };
}

/** Starts the server and returns its pid and its escaped grandchild's pid (alive, in another session). */
async function startEscaping(pidFile: string): Promise<{ child: number; grandchild: number }> {
  const started = await core!.gatehouse.api.startServer({ name: 'escaping' });
  expect(started.ok).toBe(true);
  const child = started.row!.pid!;
  const grandchild = Number(readFileSync(pidFile, 'utf8'));
  leftovers.push(grandchild);
  expect(running(grandchild)).toBe(true);
  // It really left: its own session, not the server's process group.
  const sessionOf = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[3];
  expect(sessionOf(grandchild)).toBe(String(grandchild));
  expect(sessionOf(grandchild)).not.toBe(sessionOf(child));
  return { child, grandchild };
}

// Unconfined on purpose: these follow the tree by the pids the fixture reports and the files it writes,
// which a confined child reports from its own PID namespace and writes into its private /tmp. The same
// tree, confined, is stopped whole in test/integration/confinement/default-profile.test.ts.
const UNCONFINED = { GATEHOUSE_CONFINEMENT: 'off' };

describe.each([
  ['with cgroup v2 where available', UNCONFINED],
  ['without cgroups (GATEHOUSE_CHILD_CGROUP=off)', { ...UNCONFINED, GATEHOUSE_CHILD_CGROUP: 'off' }],
])('%s', (_label, gatewayEnv: Record<string, string>) => {
  it('marks the child with its own token, and puts it in its own cgroup exactly when cgroup v2 is usable here and not switched off', async () => {
    const { pidFile, definition } = escapingServer();
    workspace.writeConfig({ mcpServers: { escaping: definition } });
    core = await startCore(workspace, { ...process.env, ...gatewayEnv });
    const { child, grandchild } = await startEscaping(pidFile);
    const token = readFileSync(`/proc/${child}/environ`, 'latin1').split('\0').find((e) => e.startsWith('GATEHOUSE_CHILD_ID='));
    expect(token).toMatch(/^GATEHOUSE_CHILD_ID=[0-9a-f]{32}$/);
    const cgroupOf = (pid: number) => readFileSync(`/proc/${pid}/cgroup`, 'utf8').split('\n').find((l) => l.startsWith('0::')) ?? '';
    const expectCgroup = gatewayEnv.GATEHOUSE_CHILD_CGROUP !== 'off' && ownCgroupDir() !== null;
    const own = cgroupOf(child);
    expect(own.endsWith(`/gatehouse-${token!.split('=')[1]}`)).toBe(expectCgroup);
    // The escaped grandchild is still in it: setsid() does not leave a cgroup.
    expect(cgroupOf(grandchild)).toBe(own);
    await core.gatehouse.api.stopServer({ name: 'escaping' });
    // The cgroup goes with the tree.
    if (expectCgroup) expect(existsSync(join(ownCgroupDir()!, basename(own)))).toBe(false);
  });

  it('stopping the server kills a grandchild that called setsid()', async () => {
    const { pidFile, definition } = escapingServer();
    workspace.writeConfig({ mcpServers: { escaping: definition } });
    core = await startCore(workspace, { ...process.env, ...gatewayEnv });
    const { child, grandchild } = await startEscaping(pidFile);
    expect(await core.gatehouse.api.stopServer({ name: 'escaping' })).toMatchObject({ ok: true });
    expect(running(child)).toBe(false);
    await waitFor(() => !running(grandchild), 'the setsid() grandchild to be gone', 10_000);
  });

  it('stopping the server kills a setsid() grandchild that also dropped its inherited environment', async () => {
    const { pidFile, definition } = escapingServer({ ESCAPE_CLEAR_ENV: '1' });
    workspace.writeConfig({ mcpServers: { escaping: definition } });
    core = await startCore(workspace, { ...process.env, ...gatewayEnv });
    const { grandchild } = await startEscaping(pidFile);
    expect(await core.gatehouse.api.stopServer({ name: 'escaping' })).toMatchObject({ ok: true });
    await waitFor(() => !running(grandchild), 'the grandchild without environment to be gone', 10_000);
  });

  it('stopping the gateway kills a grandchild that called setsid()', async () => {
    const { pidFile, definition } = escapingServer();
    workspace.writeConfig({ mcpServers: { escaping: definition } });
    core = await startCore(workspace, { ...process.env, ...gatewayEnv });
    const { grandchild } = await startEscaping(pidFile);
    await core.close();
    core = undefined;
    await waitFor(() => !running(grandchild), 'the setsid() grandchild to be gone after the gateway stopped', 10_000);
  });

  it('a server that dies on its own takes its setsid() grandchild with it', async () => {
    const { pidFile, definition } = escapingServer();
    workspace.writeConfig({ mcpServers: { escaping: definition } });
    core = await startCore(workspace, { ...process.env, ...gatewayEnv });
    const { child, grandchild } = await startEscaping(pidFile);
    process.kill(child, 'SIGKILL');
    await waitFor(() => !running(grandchild), 'the grandchild of the dead server to be gone', 10_000);
    // The server starts again on its next use, with a new grandchild of its own.
    expect(await invoke(core.client, 'escaping::echo', { message: 'again' })).toMatchObject({ ok: true, text: 'again' });
    leftovers.push(Number(readFileSync(pidFile, 'utf8')));
  });
});

describe('without a cgroup, parent links recorded while the child lives', () => {
  it('find a descendant that dropped its environment, left the group and lost its parent before the stop', async () => {
    const pids = join(workspace.root, 'pids');
    // The child starts an intermediate (own session, empty environment), which starts the last one
    // (likewise) and writes both pids; the child itself just stays up.
    const last = 'setTimeout(() => {}, 300000)';
    const intermediate = `const c = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(last)}], { detached: true, stdio: 'ignore', env: {} }); require('node:fs').writeFileSync(${JSON.stringify(pids)}, process.pid + ' ' + c.pid); setTimeout(() => {}, 300000);`;
    const child = `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(intermediate)}], { detached: true, stdio: 'ignore', env: {} }); setInterval(() => {}, 60000);`;
    const server = await spawnServer({ command: process.execPath, args: ['-e', child], env: { PATH: process.env.PATH ?? '', GATEHOUSE_CATALOG_INDEX: process.env.GATEHOUSE_CATALOG_INDEX ?? '' }, cwd: workspace.root }, new LogRing(), { cgroup: false });
    leftovers.push(server.child.pid!);
    const [middle, end] = (await waitFor(() => existsSync(pids) && readFileSync(pids, 'utf8').split(' ').map(Number), 'the descendants to start'))!;
    leftovers.push(middle!, end!);
    // What the periodic watch does while the child runs, done once here so the test does not wait for it.
    server.tree!.record();
    // Its parent dies: the last one is now an orphan without the token, outside the group and the chain.
    process.kill(middle!, 'SIGKILL');
    await waitFor(() => !running(middle!), 'the intermediate to die');
    expect(running(end!)).toBe(true);
    await killServerTree(server);
    await waitFor(() => !running(end!), 'the recorded descendant to be gone', 10_000);
  });
});
