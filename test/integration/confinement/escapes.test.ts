// The escapes of issue 16, tried by a real server under real bubblewrap with the default profile: every
// attempt refused, every control working. The controls are the server's own data folder and the very
// same tools run unconfined (an entry of the operator's own file that turns confinement off), which show
// each attempt would have worked without the sandbox. The D-Bus keychain escape needs the real keychain
// and lives in test/integration/secrets/confinement-dbus.keychain-test.ts.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type CoreUnderTest } from '../../helpers/core';
import { attempt, createConfinedWorkspace, escapeServer, ownEnvironEntry, type ConfinedWorkspace } from './support';

type Reads = Record<string, { outcome: string; entries?: string[] }>;

const CANARY = 'canary-unreferenced-8c1d';
let workspace: ConfinedWorkspace;
let core: CoreUnderTest;
let listener: Server;
let port: number;

beforeAll(async () => {
  workspace = createConfinedWorkspace({ GATEHOUSE_TEST_CANARY: CANARY });
  workspace.writeConfig({
    mcpServers: {
      // The defaults: a project server, network full, its project read-only.
      escape: escapeServer(),
      offline: escapeServer({ network: 'none' }),
    },
  });
  // The operator's own file may turn confinement off: the control that shows each attempt is real.
  workspace.writeUserConfig({ mcpServers: { open: escapeServer({ enabled: false }) } });
  listener = createServer((socket) => socket.end());
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
  core = await startCore(workspace, workspace.env);
});

afterAll(async () => {
  await core?.close();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  rmSync(join(workspace.project, 'written-by-open.txt'), { force: true });
  workspace?.cleanup();
});

const secrets = () => [workspace.canaries.sshKey, workspace.canaries.awsCredentials, workspace.canaries.keyringFile, workspace.canaries.instanceJson, workspace.canaries.trustStore, workspace.canaries.secretsIndex, workspace.canaries.siblingData];

describe('a confined server (default profile)', () => {
  it('runs confined, and its health row says how', async () => {
    await attempt(core.client, 'escape', 'whoami');
    const row = (await core.gatehouse.api.listHealth({})).rows.find((r) => r.name === 'escape');
    expect(row?.confinement).toMatchObject({ state: 'confined', backend: 'bubblewrap', network: 'full', project: 'ro' });
    const mounts = row!.confinement!.mounts.map((m) => `${m.access} ${m.kind} ${m.path}`);
    expect(mounts).toEqual(expect.arrayContaining([
      'ro system /',
      'private temp /tmp',
      `private home ${workspace.home}`,
      // XDG folders outside the home are private like it (Gatehouse's config and cache are in them)…
      `private home ${join(workspace.configDir, '..')}`,
      `private home ${join(workspace.cacheDir, '..')}`,
      // …and a state folder the gateway keeps elsewhere is hidden by name.
      `hidden gatehouse ${workspace.stateDir}`,
      `ro project ${workspace.project}`,
      `rw data ${join(workspace.dataRoot, 'escape')}`,
    ]));
    expect(row?.pid).toBeGreaterThan(0);
    const open = (await core.gatehouse.api.listHealth({})).rows.find((r) => r.name === 'open');
    expect(open?.confinement).toMatchObject({ state: 'unconfined', reason: expect.stringContaining('"enabled": false') });
  });

  it('its own data folder works (the control); another server’s data is not there', async () => {
    expect(await attempt(core.client, 'escape', 'own_data')).toEqual({ outcome: 'ok', dir: join(workspace.dataRoot, 'escape') });
    const reads = await attempt<Reads>(core.client, 'escape', 'read', { paths: [workspace.canaries.siblingData, workspace.dataRoot] });
    expect(reads[workspace.canaries.siblingData]?.outcome).toBe('ENOENT');
    // The servers folder shows its own folder and nothing else.
    expect(reads[workspace.dataRoot]).toEqual({ outcome: 'readable', entries: ['escape'] });
  });

  it("cannot read Gatehouse's state, instance.json, trust store or secrets index, ~/.ssh, ~/.aws or the keyring files", async () => {
    const confined = await attempt<Reads>(core.client, 'escape', 'read', { paths: secrets() });
    for (const path of secrets()) expect(confined[path]?.outcome, path).toBe('ENOENT');
    // Gatehouse's state folder is an empty folder inside.
    expect((await attempt<Reads>(core.client, 'escape', 'read', { paths: [workspace.stateDir] }))[workspace.stateDir]).toEqual({ outcome: 'readable', entries: [] });
    // Control: the same tool, unconfined, reads every one of them.
    const open = await attempt<Reads>(core.client, 'open', 'read', { paths: secrets() });
    for (const path of secrets()) expect(open[path]?.outcome, path).toBe('readable');
  });

  it('sees its project read-only and cannot write outside its grants', async () => {
    const targets = [join(workspace.project, 'README.md'), workspace.project, workspace.outside, '/usr/local', join(workspace.home, 'dropped.txt'), '/tmp'];
    const reads = await attempt<Reads>(core.client, 'escape', 'read', { paths: [workspace.canaries.projectFile] });
    expect(reads[workspace.canaries.projectFile]?.outcome).toBe('readable');
    const writes = await attempt<Record<string, string>>(core.client, 'escape', 'write', { paths: targets });
    expect(writes[join(workspace.project, 'README.md')]).toBe('EROFS');
    expect(writes[workspace.project]).toBe('EROFS');
    expect(writes[workspace.outside]).toBe('EROFS');
    expect(writes['/usr/local']).toBe('EROFS');
    // Its HOME and /tmp are its own, and nothing written there reaches the machine.
    expect(writes[join(workspace.home, 'dropped.txt')]).toBe('written');
    expect(existsSync(join(workspace.home, 'dropped.txt'))).toBe(false);
    expect(readFileSync(workspace.canaries.projectFile, 'utf8')).toBe('the project');
    // Control: unconfined, the project is writable.
    const open = await attempt<Record<string, string>>(core.client, 'open', 'write', { paths: [join(workspace.project, 'written-by-open.txt')] });
    expect(open[join(workspace.project, 'written-by-open.txt')]).toBe('written');
  });

  it('cannot signal, trace or read the environment of the gateway', async () => {
    const gateway = process.pid;
    const needle = ownEnvironEntry();
    expect(await attempt(core.client, 'escape', 'signal', { pid: gateway })).toEqual({ outcome: 'ESRCH' });
    expect(await attempt(core.client, 'escape', 'ptrace', { pid: gateway })).toEqual({ outcome: 'ENOENT' });
    expect(await attempt(core.client, 'escape', 'environ', { pid: gateway, needle })).toEqual({ outcome: 'ENOENT' });
    // Control: unconfined, every one works.
    expect(await attempt(core.client, 'open', 'signal', { pid: gateway })).toEqual({ outcome: 'signalable' });
    expect(await attempt(core.client, 'open', 'ptrace', { pid: gateway })).toEqual({ outcome: 'attachable' });
    expect(await attempt(core.client, 'open', 'environ', { pid: gateway, needle })).toEqual({ outcome: 'found' });
  });

  it('does not see a secret its entry did not reference, in its environment or anywhere it can read', async () => {
    expect(await attempt(core.client, 'escape', 'environ', { pid: 0, needle: CANARY })).toEqual({ outcome: 'absent' });
    const whoami = await attempt<{ pid: number; home: string; cwd: string; env: string[] }>(core.client, 'escape', 'whoami');
    expect(whoami.env).not.toContain('GATEHOUSE_TEST_CANARY');
    expect(whoami.env).not.toContain('DBUS_SESSION_BUS_ADDRESS');
    expect(whoami.env).toContain('GATEHOUSE_DATA_DIR');
    // In a PID namespace of its own: it is one of the first few processes there.
    expect(whoami.pid).toBeLessThan(10);
    expect(whoami).toMatchObject({ home: workspace.home, cwd: workspace.project });
  });

  it('with network "none" cannot connect to a loopback listener; with the default it can (the control)', async () => {
    expect(await attempt(core.client, 'offline', 'tcp', { host: '127.0.0.1', port })).toEqual({ outcome: 'ECONNREFUSED' });
    expect(await attempt(core.client, 'escape', 'tcp', { host: '127.0.0.1', port })).toEqual({ outcome: 'connected' });
  });

  it('a stop gives it its SIGTERM inside the sandbox: it shuts down cleanly, then the sandbox goes', async () => {
    await attempt(core.client, 'escape', 'whoami');
    const marker = join(workspace.dataRoot, 'escape', 'stopped-cleanly');
    rmSync(marker, { force: true });
    expect(await core.gatehouse.api.stopServer({ name: 'escape' })).toMatchObject({ ok: true, row: { status: 'stopped', pid: null } });
    expect(readFileSync(marker, 'utf8')).toBe('yes');
  });
});
