// catalog_search with a query also names manifest servers that are not configured yet, as provisionable
// candidates, so a search for a missing capability points at gateway.provision.
import { expect, it } from 'vitest';
import { coreForFile } from '../helpers/core';
import { callMeta } from '../helpers/meta';
import { faultServer } from '../helpers/workspace';

const shared = coreForFile({ mcpServers: { fault: faultServer() } }, (workspace) => ({ PATH: process.env.PATH, HOME: workspace.home }));

type Search = { results: unknown[]; manifest_candidates?: { name: string; provisionable: boolean; provision_tool: string; auth_tool: string }[] };

it('offers provisionable manifest candidates for a query', async () => {
  const { body } = await callMeta<Search>(shared.core.client, 'gateway.catalog_search', { query: 'github', limit: 3 });
  expect(body.results).toEqual([]);
  expect(body.manifest_candidates?.[0]).toMatchObject({ name: 'github', provisionable: true, provision_tool: 'gateway.provision', auth_tool: 'gateway.auth_connect' });
  expect(body.manifest_candidates!.length).toBeLessThanOrEqual(3);
});

it('offers none without a query, and never a server that is already configured', async () => {
  const { body } = await callMeta<Search>(shared.core.client, 'gateway.catalog_search', {});
  expect(body.manifest_candidates).toBeUndefined();
  const fault = await callMeta<Search>(shared.core.client, 'gateway.catalog_search', { query: 'fault' });
  expect((fault.body.manifest_candidates ?? []).map((c) => c.name)).not.toContain('fault');
});
