// The config meta-tools through the real MCP face (SDK client over an in-memory pair) against a real
// Supervisor running real fixture servers: eager start, a missing credential, and a startup-policy
// write that a reload then acts on.
import { testGatewayContext } from '../../helpers/gateway-context';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { Server } from '@modelcontextprotocol/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mergeSources, readAllSources, type ConfigLocations } from '../../../src/main/config/load';
import { createGatewayServer } from '../../../src/main/gateway/mcp-server';
import type { GatewayContext } from '../../../src/main/gateway/meta-tool';
import { createConfigTools } from '../../../src/main/gateway/tools/startup-policy';
import { loadPolicy } from '../../../src/main/policy';
import { Supervisor } from '../../../src/main/supervisor/supervisor';
import { waitFor } from '../../helpers/core';
import { callMeta } from '../../helpers/meta';
import { createWorkspace, faultServer, type Workspace } from '../../helpers/workspace';

let workspace: Workspace;
let supervisor: Supervisor;
let server: Server;
let client: Client;
let locations: ConfigLocations;
const fullProfile = loadPolicy({ env: { GATEHOUSE_TOOLS_PROFILE: 'full' }, homeDir: '/nonexistent-gatehouse-home', projectRoot: null });

async function reload(): Promise<{ started: string[] }> {
  return supervisor.apply(mergeSources(readAllSources(locations)).servers);
}

beforeEach(async () => {
  workspace = createWorkspace();
  locations = { projectRoot: workspace.project, homeDir: workspace.home, configPath: null, stateDir: workspace.stateDir };
  const stateDir = join(workspace.root, 'state');
  mkdirSync(stateDir);
  supervisor = new Supervisor({ gatewayEnv: { PATH: process.env.PATH ?? '', GATEHOUSE_CATALOG_INDEX: process.env.GATEHOUSE_CATALOG_INDEX ?? '', HOME: workspace.home }, stateDir, log: () => undefined, onSnapshot: () => undefined });
  const context: GatewayContext = testGatewayContext(supervisor, {
    session: { sessionId: 'config-tools', operator: true },
    // The full profile lists the config tools (the default core one lists none of them).
    policy: () => fullProfile,
    configIssues: () => mergeSources(readAllSources(locations)).issues,
    reload: async () => ({ revisionId: 'rev-test', ...(await supervisor.apply(mergeSources(readAllSources(locations)).servers)) }),
  });
  server = createGatewayServer(createConfigTools({ locations, readouts: () => readAllSources(locations) }), context);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'config-tools-test', version: '1.0.0' });
  await client.connect(clientSide);
});

afterEach(async () => {
  await client.close();
  await server.close();
  await supervisor.stopAll();
  workspace.cleanup();
});

type Entry = Record<string, unknown> & { name: string };

async function entries(): Promise<Entry[]> {
  return (await callMeta<{ entries: Entry[] }>(client, 'gateway.config_status')).body.entries;
}

describe('config tools on the wire', () => {
  it('lists the three tools with schemas generated from their inputs', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['gateway.config_status', 'gateway.get_startup_policy', 'gateway.set_startup_policy']);
    const set = tools.find((t) => t.name === 'gateway.set_startup_policy');
    expect(set?.inputSchema.required).toEqual(['operation']);
    expect(Object.keys(set?.inputSchema.properties ?? {})).toEqual(['operation', 'names', 'source', 'path', 'dry_run', 'apply', 'expected_digest']);
  });

  it('answers bad input with the contract\'s plain-text validation error', async () => {
    const result = await client.callTool({ name: 'gateway.set_startup_policy', arguments: { operation: 'toggle' } });
    expect(result.isError).toBe(true);
    expect(result.content[0]).toMatchObject({ type: 'text', text: expect.stringMatching(/^Input validation error: operation: /) });
  });

  it('shows an eager server online with the file whose autoStart started it', async () => {
    workspace.writeConfig({ mcpServers: { fault: faultServer() }, autoStart: ['fault'] });
    await reload();
    await waitFor(() => supervisor.get('fault')?.status === 'online', 'fault online');
    expect((await entries())[0]).toMatchObject({ name: 'fault', status: 'online', startup_policy: 'eager', startup_source: 'project', auth_state: 'none', configured: true });
  });

  it('shows an eager server skipped for a missing credential, naming the variable and the next step', async () => {
    workspace.writeConfig({ mcpServers: { needs: faultServer({ API_TOKEN: '${GATEHOUSE_TEST_UNSET_TOKEN}' }) }, autoStart: ['needs'] });
    await reload();
    await waitFor(() => supervisor.get('needs')?.status === 'auth_required', 'needs auth_required');
    expect((await entries())[0]).toMatchObject({
      name: 'needs', status: 'offline', startup_policy: 'skipped', startup_skip_reason: 'missing_auth', startup_source: 'project',
      startup_env_var: 'GATEHOUSE_TEST_UNSET_TOKEN', missing_env_vars: ['GATEHOUSE_TEST_UNSET_TOKEN'], auth_state: 'missing_auth',
      next_step: "gateway.auth_connect(server_name='needs')",
    });
  });

  it('previews, applies and (after a reload) starts a server named in autoStart', async () => {
    const path = workspace.writeConfig({ mcpServers: { fault: faultServer() }, note: 'kept' });
    await reload();
    expect((await entries())[0]).toMatchObject({ status: 'lazy', startup_policy: 'lazy', startup_source: 'configured' });

    const preview = await callMeta(client, 'gateway.set_startup_policy', { operation: 'add', names: ['fault'], source: 'project' });
    expect(preview.body).toMatchObject({ ok: true, changed: true, message: 'Startup policy preview generated.' });
    const applied = await callMeta(client, 'gateway.set_startup_policy', {
      operation: 'add', names: ['fault'], source: 'project', apply: true, dry_run: false, expected_digest: preview.body.source_digest,
    });
    expect(applied.body).toMatchObject({ ok: true, message: 'Startup policy updated.', next_step: 'gateway.refresh(reason="startup_policy_changed")' });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ note: 'kept', autoStart: ['fault'] });

    const policy = await callMeta<{ sources: { autoStart: string[] }[] }>(client, 'gateway.get_startup_policy');
    expect(policy.body.sources[0]?.autoStart).toEqual(['fault']);
    expect((await reload()).started).toEqual(['fault']);
    await waitFor(() => supervisor.get('fault')?.status === 'online', 'fault online after reload');
    expect((await entries())[0]).toMatchObject({ status: 'online', startup_policy: 'eager', startup_source: 'project' });
  });
});
