// Confinement is shown, never assumed: `gatehouse doctor` says what this host supports and which servers
// run unconfined (and why); `gatehouse status --server NAME --json` shows every mount — from the running
// gateway (what its child was spawned with) and, when none runs, from the config.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDoctor, type DoctorDocument } from '../../../src/main/runtime/doctor/doctor';
import { startHttpCli, type RunningGateway } from '../../helpers/cli-process';
import { waitFor } from '../../helpers/wait';
import { CLI_ENTRY, everythingServer } from '../../helpers/workspace';
import { createConfinedWorkspace, escapeServer, type ConfinedWorkspace } from './support';

let workspace: ConfinedWorkspace;

beforeAll(() => {
  workspace = createConfinedWorkspace();
  workspace.writeConfig({ mcpServers: { everything: everythingServer(), remote: { type: 'http', url: 'http://127.0.0.1:9/mcp' } } });
  workspace.writeUserConfig({ mcpServers: { open: escapeServer({ enabled: false }), offline: escapeServer({ network: 'none' }), db: escapeServer({ network: 'loopback', loopback_ports: [5432, 8080] }) } });
});
afterAll(() => workspace?.cleanup());

// The workspace's state folder (where its project file is approved) is not the XDG one: doctor is told.
const doctorOf = async (extra: NodeJS.ProcessEnv = {}) =>
  (await runDoctor({
    root: workspace.project, cwd: workspace.project, env: { ...workspace.env, ...extra }, category: 'host', offline: true, homeDir: workspace.home, projectRoot: workspace.project, configPath: null, containerMarkers: [],
    dirs: { config: workspace.configDir, state: workspace.stateDir, cache: workspace.cacheDir },
  })).document as DoctorDocument;

describe('gatehouse doctor', () => {
  it('says what this host supports and which servers run unconfined, and why', async () => {
    const check = (await doctorOf()).findings.find((f) => f.id === 'host.child-confinement');
    expect(check).toMatchObject({ status: 'failed', severity: 'warn' });
    expect(check?.message).toMatch(/^bubblewrap [\d.]+ \(\/\S*bwrap\), user namespaces: yes, network namespaces: yes, --disable-userns: yes, session bus: /);
    expect(check?.message).toContain('"open" runs UNCONFINED: its entry turns confinement off');
    expect(check?.data).toMatchObject({ backend: 'bubblewrap', userNamespace: true, networkNamespace: true, confined: expect.arrayContaining(['everything', 'offline']), unconfined: [{ name: 'open', reason: expect.stringContaining('"enabled": false') }], unavailable: [] });
  });

  it('names the host loopback ports a "loopback" server reaches', async () => {
    const check = (await doctorOf()).findings.find((f) => f.id === 'host.child-confinement');
    expect(check?.message).toContain('"db" reaches host loopback ports 5432, 8080');
    expect(check?.data).toMatchObject({ loopbackPorts: { db: [5432, 8080] } });
  });

  it('the operator switch makes every server unconfined, and doctor says so', async () => {
    const check = (await doctorOf({ GATEHOUSE_CONFINEMENT: 'off' })).findings.find((f) => f.id === 'host.child-confinement');
    expect(check?.data).toMatchObject({ operatorOff: true, confined: [] });
    expect(check?.message).toContain('"everything" runs UNCONFINED: the operator turned confinement off (GATEHOUSE_CONFINEMENT=off)');
  });
});

describe('gatehouse status --server NAME', () => {
  const status = (args: string[]) => {
    const run = spawnSync(process.execPath, [CLI_ENTRY, 'status', '--port', '1', ...args], { cwd: workspace.project, env: { ...workspace.env, GATEHOUSE_CATALOG_INDEX: 'off' }, encoding: 'utf8', timeout: 30_000 });
    return { code: run.status, stdout: run.stdout, stderr: run.stderr };
  };

  it('without a gateway: what the config gives it, every mount included; a remote server has none to give', () => {
    const run = status(['--server', 'everything', '--json']);
    const answer = JSON.parse(run.stdout) as { gateway: { running: boolean }; server: { name: string; confinement: { state: string; mounts: { path: string; access: string; kind: string }[] } } };
    expect(answer.gateway.running).toBe(false);
    expect(answer.server.confinement).toMatchObject({ state: 'confined', network: 'full', project: 'ro' });
    expect(answer.server.confinement.mounts).toEqual(expect.arrayContaining([
      { path: '/', access: 'ro', kind: 'system' },
      { path: workspace.home, access: 'private', kind: 'home' },
      // Gatehouse's folders as this CLI knows them are in the XDG folders, private like the home.
      { path: join(workspace.root, 'xdg-state'), access: 'private', kind: 'home' },
      { path: join(workspace.root, 'xdg-config'), access: 'private', kind: 'home' },
      { path: workspace.project, access: 'ro', kind: 'project' },
    ]));
    expect((JSON.parse(status(['--server', 'remote', '--json']).stdout) as { server: { confinement: { state: string } } }).server.confinement.state).toBe('not_applicable');
    const db = JSON.parse(status(['--server', 'db', '--json']).stdout) as { server: { confinement: unknown } };
    expect(db.server.confinement).toMatchObject({ state: 'confined', network: 'loopback', loopbackPorts: [5432, 8080] });
    expect(status(['--server', 'db']).stdout).toContain('network loopback (host 127.0.0.1 ports 5432, 8080), project none');
    const text = status(['--server', 'open']).stdout;
    expect(text).toContain('Confinement: unconfined (its entry turns confinement off');
    const unknown = status(['--server', 'nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no server "nope" in the config; known: ');
  });

  describe('with a running gateway', () => {
    let gateway: RunningGateway;
    beforeAll(async () => {
      gateway = await startHttpCli({ project: workspace.project, home: workspace.home, env: { ...workspace.env, XDG_STATE_HOME: join(workspace.root, 'xdg-state') } });
    });
    afterAll(async () => {
      await gateway?.stop();
    });

    it("shows the mounts its child was spawned with, and the table in text", async () => {
      const port = gateway.url.port;
      const run = (args: string[]) => spawnSync(process.execPath, [CLI_ENTRY, 'status', '--port', port, ...args], { cwd: workspace.project, env: workspace.env, encoding: 'utf8', timeout: 30_000 });
      // Started by a call: the gateway's own view of a live child.
      const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
      const client = new Client({ name: 'test', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(gateway.url));
      await client.callTool({ name: 'gateway.connect_server', arguments: { server_name: 'offline' } });
      // A "loopback" server from the built gateway: its forwarder comes from the bundle.
      await client.callTool({ name: 'gateway.connect_server', arguments: { server_name: 'db' } });
      await client.close();
      const answer = await waitFor(() => {
        const parsed = JSON.parse(run(['--server', 'offline', '--json']).stdout) as { gateway: { running: boolean }; server: { status: string; pid: number; confinement: { state: string; network: string; mounts: unknown[] } } };
        return parsed.server.status === 'online' ? parsed : undefined;
      }, 'the server to be online');
      expect(answer.gateway.running).toBe(true);
      expect(answer.server.pid).toBeGreaterThan(0);
      expect(answer.server.confinement).toMatchObject({ state: 'confined', network: 'none', project: 'none' });
      expect(answer.server.confinement.mounts.length).toBeGreaterThan(5);
      const text = run(['--server', 'offline']).stdout;
      expect(text).toContain('Confinement: confined (bubblewrap), network none, project none');
      expect(text).toMatch(/ACCESS\s+KIND\s+PATH\nro\s+system\s+\/\n/);
      const db = await waitFor(() => {
        const parsed = JSON.parse(run(['--server', 'db', '--json']).stdout) as { server: { status: string; confinement: { mounts: { kind: string; access: string }[] } } };
        return parsed.server.status === 'online' ? parsed : undefined;
      }, 'the loopback server to be online');
      expect(db.server.confinement).toMatchObject({ state: 'confined', network: 'loopback', loopbackPorts: [5432, 8080] });
      expect(db.server.confinement.mounts.filter((m) => m.kind === 'bridge')).toMatchObject([{ access: 'ro' }]);
    });
  });
});
