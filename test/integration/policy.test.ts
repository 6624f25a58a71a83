// The policy file in force, with real servers: a denied tool never starts its server, a denied server
// is hidden, a blocked meta-tool is absent and refused, output is redacted unless the caller opts out,
// and an invalid policy stops start-up with the file and line.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatehouse } from '../../src/main/core/gatehouse';
import { startCore, type CoreUnderTest } from '../helpers/core';
import { requireBuild } from '../helpers/cli-process';
import { invoke } from '../helpers/invoke';
import { callMeta } from '../helpers/meta';
import { CLI_ENTRY, createWorkspace, faultServer, type Workspace } from '../helpers/workspace';

const POLICY = `servers:
  denylist: ["secret*"]
tools:
  denylist: ["fault::crash"]
gateway_tools:
  denylist: ["gateway.refresh"]
  profile: full
`;

describe('a valid policy', () => {
  let workspace: Workspace;
  let core: CoreUnderTest;
  beforeAll(async () => {
    workspace = createWorkspace();
    const policyPath = join(workspace.root, 'policy.yaml');
    writeFileSync(policyPath, POLICY);
    workspace.writeConfig({ mcpServers: { fault: faultServer(), secretserver: faultServer(), Secretive: faultServer() } });
    core = await startCore(workspace, { ...process.env, GATEHOUSE_POLICY: policyPath });
  });
  afterAll(async () => {
    await core?.close();
    workspace?.cleanup();
  });

  it('denies a tool without starting its server (E402)', async () => {
    const outcome = await invoke(core.client, 'fault::crash', { code: 1 });
    expect(outcome).toMatchObject({ ok: false, code: 'E402' });
    const row = (await core.gatehouse.api.listHealth({})).rows.find((r) => r.name === 'fault');
    expect(row).toMatchObject({ status: 'lazy', pid: null });
  });

  it('hides denied servers; globs are case-sensitive', async () => {
    const names = (await core.gatehouse.api.listHealth({})).rows.map((r) => r.name);
    expect(names).toEqual(['fault', 'Secretive']);
    expect(await invoke(core.client, 'secretserver::echo', { message: 'x' })).toMatchObject({ ok: false, code: 'E401' });
  });

  it('removes a blocked meta-tool from tools/list and refuses it with the contract literal', async () => {
    const { tools } = await core.client.listTools();
    // The full profile lists the administrative tools: only the denial keeps refresh off the list.
    expect(tools.map((t) => t.name)).toContain('gateway.connect_server');
    expect(tools.map((t) => t.name)).not.toContain('gateway.refresh');
    const result = await core.client.callTool({ name: 'gateway.refresh', arguments: {} });
    expect(result.isError).toBe(true);
    const first = result.content[0];
    expect(first?.type === 'text' && JSON.parse(first.text).message).toBe('Gateway tool blocked by policy: gateway.refresh');
  });

  it('redacts secrets in tool output by default, and not when the caller opts out', async () => {
    const message = 'config api_key=abc123 and token ghp_abcdefghijklmnopqrstuvwxyz0123456789';
    const redacted = await invoke(core.client, 'fault::echo', { message });
    expect(redacted.text).toBe('config api_key= [REDACTED] and token [REDACTED]');
    const raw = await invoke(core.client, 'fault::echo', { message }, { redact_secrets: false });
    expect(raw.text).toBe(message);
  });

  it('reports the policy in health diagnostics', async () => {
    const { body } = await callMeta<{ gateway_diagnostics: { policy_digest: string; policy_source: unknown } }>(core.client, 'gateway.health');
    expect(body.gateway_diagnostics.policy_digest).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('an invalid policy', () => {
  it('stops the core from starting, naming file, line and column (E102)', async () => {
    const workspace = createWorkspace();
    try {
      const policyPath = join(workspace.root, 'policy.yaml');
      writeFileSync(policyPath, 'servers:\n  denlist: ["x"]\n');
      const gatehouse = createGatehouse({ projectDir: workspace.project, homeDir: workspace.home, stateDir: workspace.stateDir, cacheDir: workspace.cacheDir, policyPath, log: () => {} });
      await expect(gatehouse.start()).rejects.toMatchObject({ code: 'E102', message: expect.stringContaining(`${policyPath}:2:3`) });

      requireBuild();
      const cli = spawnSync(process.execPath, [CLI_ENTRY, 'serve', '--project', workspace.project, '--policy', policyPath], {
        env: { PATH: process.env.PATH ?? '', GATEHOUSE_CATALOG_INDEX: process.env.GATEHOUSE_CATALOG_INDEX ?? '', HOME: workspace.home },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(cli.status).toBe(78);
      expect(cli.stderr).toContain(`E102 invalid policy: ${policyPath}:2:3`);
    } finally {
      workspace.cleanup();
    }
  });
});
