// Per-client projects on a shared gateway (issue 12): a gateway started in project A; stdio clients
// launched in projects B and C attach to it. Each sees the user's servers and its own project's approved
// servers — not A's, not the other's — even where B and C define the same server name differently.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveFile } from '../../../src/main/trust/store';
import { requireBuild } from '../../helpers/cli-process';
import { waitFor } from '../../helpers/core';
import { callMeta } from '../../helpers/meta';
import { CLI_ENTRY, createWorkspace, everythingServer, faultServer, type Workspace } from '../../helpers/workspace';
import { cliEnv, connectStdioCli, startHttpGatewayCli, type HttpCli, type StdioCli } from './cli';

interface HealthBody {
  servers: { name: string; status: string }[];
}

const names = async (cli: StdioCli) => (await callMeta<HealthBody>(cli.client, 'gateway.health')).body.servers.map((s) => s.name).sort();

describe('clients in different projects on one shared gateway', () => {
  let workspace: Workspace;
  let gateway: HttpCli;
  let projectB: string;
  let projectC: string;
  const clients: StdioCli[] = [];

  /** A project folder with its own .mcp.json, approved as its operator would. */
  function project(name: string, config: unknown, approve = true): string {
    const root = join(workspace.root, name);
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'package.json'), '{}');
    const text = JSON.stringify(config);
    writeFileSync(join(root, '.mcp.json'), text);
    if (approve) approveFile(workspace.stateDir, join(root, '.mcp.json'), text);
    return root;
  }

  beforeAll(async () => {
    requireBuild();
    workspace = createWorkspace();
    workspace.writeConfig({ mcpServers: { alpha: faultServer() } });
    writeFileSync(join(workspace.home, '.mcp.json'), JSON.stringify({ mcpServers: { shared: faultServer() } }));
    // B and C both define "own", differently: the fault server in B, server-everything in C.
    projectB = project('b', { mcpServers: { own: faultServer() } });
    projectC = project('c', { mcpServers: { own: everythingServer() } });
    gateway = await startHttpGatewayCli(workspace.project, workspace.home);
  });
  afterAll(async () => {
    for (const { client } of clients) await client.close().catch(() => undefined);
    await gateway?.stop();
    workspace?.cleanup();
  });

  it("shows each attached client the user's servers and its own project's, not the gateway's project's", async () => {
    const b = await connectStdioCli(projectB, workspace.home);
    const c = await connectStdioCli(projectC, workspace.home);
    const a = await connectStdioCli(workspace.project, workspace.home);
    clients.push(a, b, c);
    await waitFor(() => b.stderr().includes(`for the project ${projectB}`), 'the attach line naming project B');
    expect(await names(b)).toEqual(['own', 'shared']);
    // The name B took first is C's too: C's server is listed under a key naming its folder, and "own"
    // still means C's own server in C's sessions (next test).
    expect(await names(c)).toEqual(['own@c', 'shared']);
    expect(await names(a)).toEqual(['alpha', 'shared']);
    // Health says which other projects share the gateway, and with how many sessions.
    const health = await callMeta<{ gateway_diagnostics: { attached_projects: { root: string; sessions: number }[] } }>(a.client, 'gateway.health');
    expect(health.body.gateway_diagnostics.attached_projects).toEqual(
      expect.arrayContaining([expect.objectContaining({ root: projectB }), expect.objectContaining({ root: projectC })]),
    );
  });

  it('gatehouse status lists the projects clients attached, with their sessions', async () => {
    const run = spawnSync(process.execPath, [CLI_ENTRY, 'status', '--port', gateway.url.port], { cwd: workspace.project, env: cliEnv(workspace.home), encoding: 'utf8', timeout: 30_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Projects attached by clients:');
    expect(run.stdout).toContain(`  ${projectB}  (1 session)`);
    expect(run.stdout).toContain(`  ${projectC}  (1 session)`);
    const json = spawnSync(process.execPath, [CLI_ENTRY, 'status', '--json', '--port', gateway.url.port], { cwd: workspace.project, env: cliEnv(workspace.home), encoding: 'utf8', timeout: 30_000 });
    expect(JSON.parse(json.stdout).attached_projects).toEqual(expect.arrayContaining([{ root: projectB, sessions: 1 }, { root: projectC, sessions: 1 }]));
  });

  it("runs each project's own definition of the same name", async () => {
    const [, b, c] = clients;
    // The fault server has a `crash` tool; server-everything has `get-sum`.
    const fromB = await callMeta<{ ok: boolean; result?: { content: { text: string }[] } }>(b!.client, 'gateway.invoke', { tool_id: 'own::echo', arguments: { message: 'hi' } });
    expect(fromB.body.result?.content[0]?.text).toBe('hi');
    const fromC = await callMeta<{ ok: boolean; result?: { content: { text: string }[] } }>(c!.client, 'gateway.invoke', { tool_id: 'own::echo', arguments: { message: 'hi' } });
    expect(fromC.body.result?.content[0]?.text).toBe('Echo: hi');
    const describeB = await callMeta(b!.client, 'gateway.describe', { tool_id: 'own::crash' });
    expect(describeB.isError).toBe(false);
    const describeC = await callMeta(c!.client, 'gateway.describe', { tool_id: 'own::crash' });
    expect(JSON.stringify(describeC.body)).toMatch(/E301|not found/i);
    expect((await callMeta(c!.client, 'gateway.describe', { tool_id: 'own@c::get-sum' })).isError).toBe(false);
  });

  it("refuses a server of another project by name, as unknown", async () => {
    const [, b] = clients;
    const alpha = await callMeta(b!.client, 'gateway.invoke', { tool_id: 'alpha::echo', arguments: { message: 'x' } });
    expect(JSON.stringify(alpha.body)).toContain('E203');
  });

  it('holds an attached project to its own approval: an unapproved file launches nothing', async () => {
    const projectD = project('d', { mcpServers: { dee: faultServer() } }, false);
    const d = await connectStdioCli(projectD, workspace.home);
    clients.push(d);
    expect(await names(d)).toEqual(['dee', 'shared']);
    const call = await callMeta(d.client, 'gateway.invoke', { tool_id: 'dee::echo', arguments: { message: 'x' } });
    const text = JSON.stringify(call.body);
    expect(text).toContain('E404');
    expect(text).toContain(join(projectD, '.mcp.json'));
  });
});
