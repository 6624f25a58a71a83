// End to end: a real `gatehouse serve --transport http` on a project whose .mcp.json is not approved
// withholds its server (E404, untrusted_project); `gatehouse trust approve` run as a separate process
// makes the same call succeed in the same gateway, without a restart, because the gateway watches
// trust.json.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { requireBuild, startHttpCli, type RunningGateway } from '../../helpers/cli-process';
import { invoke } from '../../helpers/invoke';
import { callMeta } from '../../helpers/meta';
import { waitFor } from '../../helpers/wait';
import { createWorkspace, everythingServer, type Workspace } from '../../helpers/workspace';
import { gatehouse } from './run';

interface HealthBody {
  servers: { name: string; status: string; startup_skip_reason: string | null; next_step: string | null; pid: number | null }[];
}

let workspace: Workspace;
let gateway: RunningGateway | undefined;
let client: Client | undefined;
beforeEach(() => {
  requireBuild();
  workspace = createWorkspace();
});
afterEach(async () => {
  await client?.close();
  expect(await gateway?.stop()).toBe(0);
  client = undefined;
  gateway = undefined;
  workspace.cleanup();
});

it('withholds an unapproved project server, then serves it once the CLI approves the file', async () => {
  const path = workspace.writeConfig({ mcpServers: { everything: everythingServer() } }, undefined, { approve: false });
  gateway = await startHttpCli({ project: workspace.project, home: workspace.home });
  client = new Client({ name: 'trust-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(gateway.url));

  const refused = await invoke(client, 'everything::echo', { message: 'before' });
  expect(refused).toMatchObject({ ok: false, code: 'E404', details: { server: 'everything', path, startup_skip_reason: 'untrusted_project' } });
  const health = await callMeta<HealthBody>(client, 'gateway.health');
  const row = health.body.servers.find((s) => s.name === 'everything');
  expect(row).toMatchObject({ startup_skip_reason: 'untrusted_project' });
  expect(row?.pid ?? null).toBeNull();
  expect(row?.next_step).toContain('gatehouse trust approve');

  const approved = gatehouse(workspace, ['trust', 'approve', '--yes', '--project', workspace.project], { cwd: workspace.home });
  expect(approved.code).toBe(0);
  expect(approved.stdout).toContain(`Approved ${path}`);

  // The gateway reloads when trust.json changes; poll until the reload has happened.
  const served = await waitFor(async () => {
    const outcome = await invoke(client!, 'everything::echo', { message: 'after' });
    return outcome.ok ? outcome : false;
  }, 'everything::echo to be served after the approval', 20_000);
  expect(served.text).toBe('Echo: after');
  const after = await callMeta<HealthBody>(client, 'gateway.health');
  const servedRow = after.body.servers.find((s) => s.name === 'everything');
  // The compact health answer leaves out null fields: no skip reason any more.
  expect(servedRow?.status).toBe('online');
  expect(servedRow?.startup_skip_reason ?? null).toBeNull();
  // Same gateway process throughout: no restart was needed.
  expect(gateway.child.exitCode).toBeNull();
  expect(gateway.stderr().match(/serving MCP at/g)).toHaveLength(1);
});
