// What people run works under the default profile, and a confined tree still dies whole: server-everything,
// the fault fixture (a crash, a grandchild), a server whose grandchild escapes into its own session, an
// `npx` server installed from a package folder through the npm cache, a `uvx` server from a wheel (its own uv cache), and the Python smoke fixture through
// `uv run --script` (its cache read-write, its runtime root read-only) — whose own escape tools are refused.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, waitFor, type CoreUnderTest } from '../../helpers/core';
import { hostPid } from '../../helpers/host-pid';
import { invoke } from '../../helpers/invoke';
import { callMeta } from '../../helpers/meta';
import { everythingServer, faultServer, REPO_ROOT } from '../../helpers/workspace';
import { prepareSmokeCache, PREPARE_TIMEOUT_MS, SMOKE_CACHE, FIXTURE, smokeEnv, smokePython } from '../runtime/helpers/python';
import { buildEchoWheel, PACKAGE } from '../tls-trust/private-ca-index';
import { createConfinedWorkspace, type ConfinedWorkspace } from './support';

const ESCAPING_SERVER = join(REPO_ROOT, 'out/fixtures/escaping-server.mjs');
const FAULT_SERVER = join(REPO_ROOT, 'out/fixtures/fault-server.mjs');

let workspace: ConfinedWorkspace;
let core: CoreUnderTest;
let listener: Server;
let port: number;

/**
 * A package whose bin starts the fault fixture, packed as npm publishes one: what `npx` installs into
 * its cache, offline (a tarball, not a folder: npm links a folder in place, which the sandbox shows read-only).
 */
function npxPackage(dir: string): string {
  const source = join(dir, 'source');
  mkdirSync(source, { recursive: true });
  writeFileSync(join(source, 'package.json'), JSON.stringify({ name: 'gatehouse-npx-probe', version: '1.0.0', type: 'module', bin: { 'gatehouse-npx-probe': 'bin.mjs' } }));
  writeFileSync(join(source, 'bin.mjs'), `#!/usr/bin/env node\nawait import(${JSON.stringify(FAULT_SERVER)});\n`, { mode: 0o755 });
  execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: source, stdio: 'ignore' });
  return join(dir, 'gatehouse-npx-probe-1.0.0.tgz');
}

beforeAll(async () => {
  await prepareSmokeCache();
  workspace = createConfinedWorkspace();
  const probe = npxPackage(join(workspace.project, 'npx-probe'));
  // A wheel of an MCP server on the standard library, for `uvx --from`: offline, a fresh uv cache.
  const wheels = join(workspace.root, 'wheels');
  mkdirSync(wheels);
  const wheel = join(wheels, buildEchoWheel(wheels, smokePython()).name);
  const uvCache = join(workspace.root, 'uvx-cache');
  workspace.writeConfig({
    mcpServers: {
      everything: everythingServer(),
      fault: faultServer(),
      // The grandchild's pid file is written inside the server's own /tmp: the test finds it by /proc.
      escaping: { command: process.execPath, args: [ESCAPING_SERVER], env: { ESCAPE_PID_FILE: '/tmp/grandchild.pid' } },
      npx: { command: 'npx', args: ['--yes', '--offline', `--package=file:${probe}`, 'gatehouse-npx-probe'] },
      uvx: {
        command: 'uvx',
        args: ['--offline', '--from', wheel, PACKAGE],
        env: { UV_CACHE_DIR: uvCache, UV_NO_CONFIG: '1', UV_PYTHON: smokePython(), UV_PYTHON_DOWNLOADS: 'never' },
      },
      smoke: {
        command: 'uv',
        args: ['run', '--script', 'server.py'],
        gatehouse: { python: { script: 'server.py', root: FIXTURE, offline: true, cacheDir: SMOKE_CACHE, python: smokePython() } },
      },
      'smoke-offline': {
        command: 'uv',
        args: ['run', '--script', 'server.py'],
        gatehouse: { python: { script: 'server.py', root: FIXTURE, offline: true, cacheDir: SMOKE_CACHE, python: smokePython() }, confinement: { network: 'none' } },
      },
    },
  });
  listener = createServer((socket) => socket.end());
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
  core = await startCore(workspace, { ...smokeEnv(), ...workspace.env, PATH: smokeEnv().PATH });
}, PREPARE_TIMEOUT_MS);

afterAll(async () => {
  await core?.close();
  await new Promise<void>((resolve) => listener?.close(() => resolve()));
  workspace?.cleanup();
});

const rowOf = async (name: string) => (await core.gatehouse.api.listHealth({})).rows.find((r) => r.name === name);

/** Every live process of the tree under `root` (by parent links on the host), the root included. */
function treeOf(root: number): number[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] !== 'Z') parent.set(Number(name), Number(fields[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parent) if (ppid === tree[i]) tree.push(pid);
  return tree.filter((pid) => parent.has(pid));
}

const sessionOf = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[3];

describe('under the default profile', () => {
  it('server-everything works', async () => {
    expect(await invoke(core.client, 'everything::echo', { message: 'confined' })).toMatchObject({ ok: true, text: 'Echo: confined' });
    expect((await rowOf('everything'))?.confinement).toMatchObject({ state: 'confined', network: 'full', project: 'ro' });
  });

  it('the fault fixture: a crash is reported with its exit code, and a stop takes its grandchild along', async () => {
    const { body } = await callMeta<{ ok: boolean; result: { content: { text: string }[] } }>(core.client, 'gateway.invoke', { tool_id: 'fault::spawn_grandchild' });
    const child = (await rowOf('fault'))!.pid!;
    const grandchild = hostPid(child, Number(body.result.content[0]?.text));
    expect(await core.gatehouse.api.stopServer({ name: 'fault' })).toMatchObject({ ok: true });
    await waitFor(() => treeOf(grandchild).length === 0, 'the grandchild to be gone');
    await invoke(core.client, 'fault::crash', { code: 3 });
    const crashed = await waitFor(async () => {
      const row = await rowOf('fault');
      return row?.last_exit_code === 3 ? row : undefined;
    }, 'the crash to be noticed');
    expect(crashed.last_error).toContain('exit code 3');
  });

  it('a grandchild that left for its own session dies with the server: on stop, and when the sandbox is killed', async () => {
    for (const stop of ['stop', 'kill'] as const) {
      expect(await invoke(core.client, 'escaping::echo', { message: 'up' })).toMatchObject({ ok: true });
      const root = (await rowOf('escaping'))!.pid!;
      const tree = treeOf(root);
      // bubblewrap, its init in the new PID namespace, the server, and the escaped grandchild in a session of its own.
      expect(tree.length).toBeGreaterThanOrEqual(4);
      expect(tree.some((pid) => sessionOf(pid) !== sessionOf(root))).toBe(true);
      if (stop === 'stop') await core.gatehouse.api.stopServer({ name: 'escaping' });
      else process.kill(root, 'SIGKILL');
      await waitFor(() => tree.every((pid) => treeOf(pid).length === 0), `every process of the tree to be gone after ${stop}`);
    }
  });

  it('an npx server installs through the npm cache and runs', async () => {
    expect(await invoke(core.client, 'npx::echo', { message: 'via npx' })).toMatchObject({ ok: true, text: 'via npx' });
    const mounts = (await rowOf('npx'))!.confinement!.mounts.map((m) => `${m.access} ${m.kind}`);
    expect(mounts).toContain('rw cache');
  });

  it('a uvx server installs from a wheel through its own uv cache and runs', async () => {
    const outcome = await invoke(core.client, 'uvx::echo', { message: 'via uvx' });
    expect(outcome, outcome.message).toMatchObject({ ok: true, text: 'via uvx' });
    const row = await rowOf('uvx');
    expect(row?.confinement?.state).toBe('confined');
    expect(row!.confinement!.mounts.map((m) => `${m.access} ${m.kind} ${m.path}`)).toContain(`rw cache ${join(workspace.root, 'uvx-cache')}`);
  });

  it('the Python smoke fixture runs through uv: its cache read-write, its runtime root read-only', async () => {
    expect(await invoke(core.client, 'smoke::echo', { message: 'from python' })).toMatchObject({ ok: true, text: 'from python' });
    const mounts = (await rowOf('smoke'))!.confinement!.mounts.map((m) => `${m.access} ${m.kind} ${m.path}`);
    expect(mounts).toEqual(expect.arrayContaining([`ro runtime ${FIXTURE}`, `rw cache ${SMOKE_CACHE}`]));
  });

  it("the Python fixture's own escape tools are refused, and its data folder is there", async () => {
    const paths = [workspace.canaries.instanceJson, workspace.canaries.trustStore, workspace.canaries.sshKey, workspace.canaries.siblingData, workspace.canaries.keyringFile, join(workspace.dataRoot, 'smoke')];
    // The stock Python library answers a list as one text block per item.
    const { body } = await callMeta<{ ok: boolean; result: { content: { text: string }[] } }>(core.client, 'gateway.invoke', { tool_id: 'smoke::escape_secrets', arguments: { paths } });
    const report = body.result.content.map((block) => JSON.parse(block.text) as { path: string; outcome: string });
    const outcome = (path: string) => report.find((r) => r.path === path)?.outcome;
    for (const path of paths.slice(0, -1)) expect(outcome(path), path).toBe('FileNotFoundError');
    expect(outcome(join(workspace.dataRoot, 'smoke'))).toBe('readable');
    const network = async (server: string) => JSON.parse((await invoke(core.client, `${server}::escape_network`, { port })).text ?? '{}') as { outcome: string };
    expect(await network('smoke-offline')).toMatchObject({ outcome: 'ConnectionRefusedError' });
    expect(await network('smoke')).toEqual({ outcome: 'connected' });
  });
});
