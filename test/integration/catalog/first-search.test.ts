// First contact (issue 12): on a fresh install the first gateway.catalog_search finds every configured,
// permitted, trusted server's tools — here server-everything's `echo` — while the server is still lazy,
// without the agent knowing any flag; over stdio and HTTP, in both protocol eras. Lazy servers are listed
// once in the background (probe connections), and the cards survive a restart.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { requireBuild } from '../../helpers/cli-process';
import { startCore, waitFor, type CoreUnderTest } from '../../helpers/core';
import { callMeta } from '../../helpers/meta';
import { createWorkspace, everythingServer, FAULT_SERVER, type Workspace } from '../../helpers/workspace';
import { connectStdioCli, startHttpGatewayCli } from '../http/cli';
import { connectClient } from '../http/support';

interface Search {
  results: { tool_id: string; availability: string }[];
  indexing?: string[];
}
interface Health {
  servers: { name: string; status: string }[];
}

const INDEX_ON = { GATEHOUSE_CATALOG_INDEX: 'on' };
const workspaces: Workspace[] = [];
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
  for (const workspace of workspaces.splice(0)) workspace.cleanup();
});

function freshWorkspace(servers: Record<string, unknown> = { everything: everythingServer() }): Workspace {
  const workspace = createWorkspace();
  workspaces.push(workspace);
  workspace.writeConfig({ mcpServers: servers });
  return workspace;
}

async function firstSearch(client: Client): Promise<void> {
  const { body } = await callMeta<Search>(client, 'gateway.catalog_search', { query: 'echo' });
  expect(body.results.find((card) => card.tool_id === 'everything::echo')).toMatchObject({ availability: 'lazy' });
  expect(body.indexing).toBeUndefined();
  const health = await callMeta<Health>(client, 'gateway.health', {});
  expect(health.body.servers.find((s) => s.name === 'everything')?.status).toBe('lazy');
}

describe('the first catalog_search on a fresh install', () => {
  for (const modern of [false, true]) {
    it(`finds everything::echo over stdio (${modern ? '2026-07-28' : '2025-11-25'}) with the server still lazy`, async () => {
      requireBuild();
      const workspace = freshWorkspace();
      const cli = await connectStdioCli(workspace.project, workspace.home, { modern, args: ['--standalone'], env: INDEX_ON });
      closers.push(() => cli.client.close());
      await firstSearch(cli.client);
    });
  }

  it('finds everything::echo over HTTP, in both eras, with the server still lazy', async () => {
    requireBuild();
    const workspace = freshWorkspace();
    const gateway = await startHttpGatewayCli(workspace.project, workspace.home, [], INDEX_ON);
    closers.push(() => gateway.stop());
    for (const era of ['handshake', 'stateless'] as const) {
      const { client } = await connectClient(gateway.url, era);
      closers.push(() => client.close());
      await firstSearch(client);
    }
  });
});

describe('background indexing', () => {
  let core: CoreUnderTest;

  it('skips opted-out entries and servers missing a credential; the cards persist and survive a restart', async () => {
    const workspace = freshWorkspace({
      everything: everythingServer(),
      optout: { command: process.execPath, args: [FAULT_SERVER], gatehouse: { index: false } },
      needskey: { command: process.execPath, args: [FAULT_SERVER], env: { KEY: '${GATEHOUSE_TEST_MISSING_KEY}' } },
    });
    core = await startCore(workspace, { ...process.env, ...INDEX_ON });
    closers.push(() => core.close());
    const { body } = await callMeta<Search>(core.client, 'gateway.catalog_search', { query: '', limit: 100 });
    const servers = new Set(body.results.map((card) => card.tool_id.split('::')[0]));
    expect([...servers]).toEqual(['everything']);
    expect(core.logs.some((line) => /^\[everything\] catalog: indexed \d+ tool\(s\) while the server stays lazy$/.test(line))).toBe(true);
    expect(core.logs.some((line) => line.startsWith('[optout] catalog') || line.startsWith('[needskey] catalog'))).toBe(false);
    const cachePath = join(workspace.home, '.cache', 'gatehouse', 'descriptions.json');
    const cache = await waitFor(() => existsSync(cachePath) && (JSON.parse(readFileSync(cachePath, 'utf8')) as { servers: Record<string, unknown> }), 'descriptions.json to be written');
    expect(Object.keys(cache.servers)).toEqual(['everything']);

    // Restarted: the cards are there at once, and nothing is indexed again (the definition is unchanged).
    await core.close();
    closers.pop();
    core = await startCore(workspace, { ...process.env, ...INDEX_ON });
    closers.push(() => core.close());
    const again = await callMeta<Search>(core.client, 'gateway.catalog_search', { query: 'echo' });
    expect(again.body.results.some((card) => card.tool_id === 'everything::echo')).toBe(true);
    expect(core.logs.some((line) => line.includes('catalog: indexed'))).toBe(false);
  });
});
