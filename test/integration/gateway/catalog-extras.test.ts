// catalog_search's extras through a real core (contract §2.3): cli_hints come only from the CLI
// inventory already cached on disk (a search never probes), registry_candidates from a loopback MCP
// Registry within 1.5 s, and a registry that is down or hangs never costs the search more than that.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, waitFor, type CoreUnderTest } from '../../helpers/core';
import { callMeta } from '../../helpers/meta';
import { createWorkspace, faultServer, type Workspace } from '../../helpers/workspace';
import { startRegistryFixture, type RegistryFixture } from '../discovery/registry-fixture';

interface Search {
  results: { tool_id: string }[];
  total_available: number;
  cli_hints?: { name: string; path: string | null; available: boolean; check_command: string[]; help_command: string[]; reason: string }[];
  registry_candidates?: { name: string; package: string | null; description: string | null; transport: string | null; next_step: string }[];
  manifest_candidates?: unknown[];
}

interface Setup {
  workspace: Workspace;
  core: CoreUnderTest;
  cacheDir: string;
}

/** A core with only HOME and PATH from this process, so its cache folder is the workspace's own. */
async function setUp(env: Record<string, string>): Promise<Setup> {
  const workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: { fault: faultServer() } });
  const core = await startCore(workspace, { PATH: process.env.PATH ?? '', GATEHOUSE_CATALOG_INDEX: process.env.GATEHOUSE_CATALOG_INDEX ?? '', HOME: workspace.home, ...env });
  return { workspace, core, cacheDir: join(workspace.home, '.cache', 'gatehouse') };
}

async function tearDown(setup: Setup | undefined): Promise<void> {
  await setup?.core.close();
  setup?.workspace.cleanup();
}

const search = (setup: Setup, args: Record<string, unknown>) => callMeta<Search>(setup.core.client, 'gateway.catalog_search', args);

// Refused at once (loopback without GATEHOUSE_REGISTRY_ALLOW_LOOPBACK): no test reaches the internet.
const NO_REGISTRY = { GATEHOUSE_REGISTRY_URL: 'http://127.0.0.1:9' };

describe('cli_hints', () => {
  let setup: Setup | undefined;
  beforeAll(async () => {
    setup = await setUp(NO_REGISTRY);
  });
  afterAll(() => tearDown(setup));

  it('come from the cached inventory only, and a search neither probes nor starts anything', async () => {
    const s = setup!;
    const probeFile = join(s.cacheDir, 'cli-probe.json');
    // Paths no probe would find, and a probe date far past the 24 h refresh age: a probe, even one in
    // the background, would rewrite this file.
    const inventory = `${JSON.stringify({ platform: 'linux', probed_at: '2001-01-01T00:00:00.000Z', clis: { gh: '/opt/fake-bin/gh', git: '/opt/fake-bin/git', rg: null } })}\n`;
    mkdirSync(s.cacheDir, { recursive: true });
    writeFileSync(probeFile, inventory);

    const { body } = await search(s, { query: 'list github issues', limit: 20 });
    expect(body.cli_hints).toEqual([
      expect.objectContaining({ name: 'gh', path: '/opt/fake-bin/gh', available: true, check_command: ['gh', '--version'], help_command: ['gh', '--help'] }),
    ]);
    const unavailable = await search(s, { query: 'search text in files', limit: 20 });
    expect(unavailable.body.cli_hints?.[0]).toMatchObject({ name: 'rg', available: false });
    expect(unavailable.body.cli_hints?.[0]).not.toHaveProperty('path'); // null: answers omit nulls

    await new Promise((resolve) => setTimeout(resolve, 300)); // room for a background refresh to show itself
    expect(readFileSync(probeFile, 'utf8')).toBe(inventory);
    const rows = await s.core.gatehouse.api.listHealth({});
    expect(rows.rows.find((r) => r.name === 'fault')).toMatchObject({ status: 'lazy', pid: null });
  });

  it('are absent without a query, above min(5, limit), or without a cache (which a search does not create)', async () => {
    const s = setup!;
    const all = await search(s, {});
    expect(all.body.cli_hints).toBeUndefined();
    const one = await search(s, { query: 'git github history issues', limit: 1 });
    expect(one.body.cli_hints).toHaveLength(1);

    rmSync(join(s.cacheDir, 'cli-probe.json'));
    const none = await search(s, { query: 'list github issues' });
    expect(none.body.cli_hints).toBeUndefined();
    expect(existsSync(join(s.cacheDir, 'cli-probe.json'))).toBe(false);
  });
});

describe('registry_candidates', () => {
  let registry: RegistryFixture | undefined;
  let setup: Setup | undefined;
  beforeAll(async () => {
    registry = await startRegistryFixture();
    setup = await setUp({ GATEHOUSE_REGISTRY_URL: registry.url, GATEHOUSE_REGISTRY_ALLOW_LOOPBACK: '1' });
  });
  afterAll(async () => {
    await tearDown(setup);
    await registry?.close();
  });

  it('come from the registry, small, with a register_discovered_server step, cached on disk', async () => {
    const s = setup!;
    const { body } = await search(s, { query: 'weather forecasts', limit: 20 });
    expect(body.registry_candidates?.[0]).toMatchObject({
      name: 'io.github.example/weather',
      candidate_type: 'server',
      relevance_score: 1,
      source: 'registry',
      package: '@example/weather-mcp@1.4.2',
      description: 'Weather forecasts and alerts',
      transport: 'stdio',
      env_vars: ['WEATHER_API_KEY'],
      next_step: "gateway.register_discovered_server(package='@example/weather-mcp@1.4.2', server_name='weather')",
    });
    expect(registry!.requests).toHaveLength(1);
    expect(new URL(registry!.requests[0]!, 'http://x').searchParams.get('limit')).toBe('5');

    await search(s, { query: 'weather forecasts', limit: 20 });
    expect(registry!.requests).toHaveLength(1); // the disk cache answered
    expect(existsSync(join(s.cacheDir, 'registry-cache.json'))).toBe(true);
  });

  it('are at most min(5, limit), and never asked for without a query', async () => {
    const s = setup!;
    const one = await search(s, { query: 'hosted weather', limit: 1 });
    expect(one.body.registry_candidates).toHaveLength(1);
    const before = registry!.requests.length;
    const all = await search(s, { limit: 5 });
    expect(all.body.registry_candidates).toBeUndefined();
    expect(registry!.requests).toHaveLength(before);
  });
});

describe('a registry that is down', () => {
  let setup: Setup | undefined;
  beforeAll(async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    setup = await setUp({ GATEHOUSE_REGISTRY_URL: `http://127.0.0.1:${port}`, GATEHOUSE_REGISTRY_ALLOW_LOOPBACK: '1' });
  });
  afterAll(() => tearDown(setup));

  it('leaves the field out; the search still answers, and the failure is cached for the next one', async () => {
    const s = setup!;
    await callMeta(s.core.client, 'gateway.connect_server', { server_name: 'fault' });
    const { body, isError } = await search(s, { query: 'echo message' });
    expect(isError).toBe(false);
    expect(body.results.map((r) => r.tool_id)).toContain('fault::echo');
    expect(body.registry_candidates).toBeUndefined();
    const cache = JSON.parse(readFileSync(join(s.cacheDir, 'registry-cache.json'), 'utf8')) as { failures: Record<string, unknown> };
    expect(Object.keys(cache.failures)).toHaveLength(1);
  });
});

describe('a registry that never answers', () => {
  let hanging: Server | undefined;
  const sockets = new Set<Socket>();
  let setup: Setup | undefined;
  beforeAll(async () => {
    hanging = createServer(() => undefined); // reads the request, never answers
    hanging.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => hanging!.listen(0, '127.0.0.1', resolve));
    const { port } = hanging.address() as AddressInfo;
    setup = await setUp({ GATEHOUSE_REGISTRY_URL: `http://127.0.0.1:${port}`, GATEHOUSE_REGISTRY_ALLOW_LOOPBACK: '1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => hanging?.close(resolve));
    await tearDown(setup);
  });

  it('costs one search the 1.5 s budget, and the next search nothing while it still hangs', async () => {
    const s = setup!;
    let started = Date.now();
    const first = await search(s, { query: 'weather forecasts' });
    const firstMs = Date.now() - started;
    expect(first.body.registry_candidates).toBeUndefined();
    expect(first.body.total_available).toBeGreaterThanOrEqual(0);
    expect(firstMs).toBeGreaterThanOrEqual(1_400);
    expect(firstMs).toBeLessThan(3_000);

    started = Date.now();
    const second = await search(s, { query: 'another need' });
    expect(second.body.registry_candidates).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_000);

    // The hung request finally fails: the client caches the failure, and later searches read it at once.
    for (const socket of sockets) socket.destroy();
    const cacheFile = join(s.cacheDir, 'registry-cache.json');
    await waitFor(() => existsSync(cacheFile) && Object.keys((JSON.parse(readFileSync(cacheFile, 'utf8')) as { failures: object }).failures).length > 0, 'the cached registry failure');
    started = Date.now();
    const third = await search(s, { query: 'weather forecasts' });
    expect(third.body.registry_candidates).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
