// Cached cards: tools of servers seen in an earlier run are searchable before their servers start
// (availability lazy), a stopped server's only with include_offline (availability offline), and a live
// list replaces them without duplicates.
import { afterAll, expect, it } from 'vitest';
import { startCore, type CoreUnderTest } from '../helpers/core';
import { callMeta } from '../helpers/meta';
import { createWorkspace, faultServer } from '../helpers/workspace';

const workspace = createWorkspace();
let core: CoreUnderTest | undefined;
afterAll(async () => {
  await core?.close();
});

type Search = { results: { tool_id: string; availability: string }[]; total_available: number };

it('searches cached cards of a lazy server, then the live ones once it runs', async () => {
  workspace.writeConfig({ mcpServers: { fault: faultServer() } });
  // First run: the server is used once, so its tool list is cached.
  core = await startCore(workspace);
  await core.gatehouse.api.startServer({ name: 'fault' });
  await core.close();

  core = await startCore(workspace);
  const lazy = await callMeta<Search>(core.client, 'gateway.catalog_search', { query: 'echo' });
  expect(lazy.body.results[0]).toMatchObject({ tool_id: 'fault::echo', availability: 'lazy' });
  expect((await core.gatehouse.api.listHealth({})).rows[0]?.status).toBe('lazy');

  // Stopped by the operator, it is down: its cards only come with include_offline.
  await core.gatehouse.api.stopServer({ name: 'fault' });
  expect((await callMeta<Search>(core.client, 'gateway.catalog_search', { query: 'echo' })).body.results).toEqual([]);
  const offline = await callMeta<Search>(core.client, 'gateway.catalog_search', { query: 'echo', include_offline: true });
  expect(offline.body.results[0]).toMatchObject({ tool_id: 'fault::echo', availability: 'offline' });

  await core.gatehouse.api.startServer({ name: 'fault' });
  const live = await callMeta<Search>(core.client, 'gateway.catalog_search', { query: 'echo', include_offline: true });
  expect(live.body.results.filter((card) => card.tool_id === 'fault::echo')).toEqual([expect.objectContaining({ availability: 'online' })]);

  // Once its project file is no longer approved, its cached cards are not offered either.
  expect((await core.gatehouse.api.revokeProjectFile({ path: `${workspace.project}/.mcp.json` })).ok).toBe(true);
  const held = await callMeta<Search>(core.client, 'gateway.catalog_search', { query: 'echo', include_offline: true });
  expect(held.body.results.filter((card) => card.tool_id.startsWith('fault::'))).toEqual([]);
});

it('offers no lazy cards read under an earlier definition of the server', async () => {
  const edited = createWorkspace();
  try {
    edited.writeConfig({ mcpServers: { fault: faultServer() } });
    const first = await startCore(edited);
    await first.gatehouse.api.startServer({ name: 'fault' });
    await first.close();

    // The entry changed between runs: the tools cached under the old command may not be what starts now.
    edited.writeConfig({ mcpServers: { fault: faultServer({ FAULT_EDITED: '1' }) } });
    const second = await startCore(edited);
    try {
      const stale = await callMeta<Search>(second.client, 'gateway.catalog_search', { query: 'echo' });
      expect(stale.body.results.filter((card) => card.tool_id.startsWith('fault::'))).toEqual([]);
      // Down, the old list still tells what the server had, marked offline.
      await second.gatehouse.api.stopServer({ name: 'fault' });
      const offline = await callMeta<Search>(second.client, 'gateway.catalog_search', { query: 'echo', include_offline: true });
      expect(offline.body.results[0]).toMatchObject({ tool_id: 'fault::echo', availability: 'offline' });
    } finally {
      await second.close();
    }
  } finally {
    edited.cleanup();
  }
});
