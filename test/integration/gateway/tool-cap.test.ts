// limits.max_tools_per_server (contract §5): tools past the cap are not indexed — not found by search,
// not describable, not callable — and health says how many were dropped.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { coreForFile } from '../../helpers/core';
import { callMeta } from '../../helpers/meta';
import { faultServer, type Workspace } from '../../helpers/workspace';
import type { ErrorEntry } from '../../../src/main/gateway/envelope';

const policyHome = (workspace: Workspace) => {
  const config = join(workspace.home, '.config');
  mkdirSync(join(config, 'gatehouse'), { recursive: true });
  writeFileSync(join(config, 'gatehouse', 'policy.yaml'), 'limits:\n  max_tools_per_server: 3\n');
  return { ...process.env, XDG_CONFIG_HOME: config };
};
const shared = coreForFile({ mcpServers: { fault: faultServer() }, autoStart: ['fault'] }, policyHome);

it('offers only the first three tools everywhere and reports the rest as dropped', async () => {
  const c = shared.core;
  await c.gatehouse.api.startServer({ name: 'fault' });
  const all = (await c.gatehouse.api.listHealth({})).rows.find((r) => r.name === 'fault')?.tool_count ?? 0;
  expect(all).toBeGreaterThan(3);

  const search = await callMeta<{ results: { tool_name: string }[] }>(c.client, 'gateway.catalog_search', { limit: 100 });
  const offered = search.body.results.map((r) => r.tool_name);
  expect(offered).toHaveLength(3);

  const health = await callMeta<{ servers: { name: string; tools_dropped?: number }[] }>(c.client, 'gateway.health');
  expect(health.body.servers.find((s) => s.name === 'fault')?.tools_dropped).toBe(all - 3);

  const beyond = ['echo', 'slow', 'burst', 'silent', 'crash', 'huge'].find((name) => !offered.includes(name)) as string;
  const describe = await callMeta(c.client, 'gateway.describe', { tool_id: `fault::${beyond}` });
  expect(describe.isError).toBe(true);
  expect(JSON.stringify(describe.body)).toContain('max_tools_per_server');
  const invoke = await callMeta<{ ok: boolean; errors: ErrorEntry[] }>(c.client, 'gateway.invoke', { tool_id: `fault::${beyond}`, arguments: {} });
  expect(invoke.body.ok).toBe(false);
  expect(invoke.body.errors[0]).toMatchObject({ code: 'E402' });

  const refreshed = await callMeta<{ tools_indexed: number }>(c.client, 'gateway.refresh');
  expect(refreshed.body.tools_indexed).toBe(3);
});
