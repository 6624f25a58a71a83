// The discovery tools' shapes and refusal paths against real files, a real Supervisor and a loopback
// registry fixture. Nothing here installs a package or reaches the network.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { approvePackage } from '../../../src/main/discovery';
import { createHarness, type Harness } from './harness';
import { startRegistryFixture, type RegistryFixture } from './registry-fixture';

let harness: Harness | undefined;
let registry: RegistryFixture | undefined;
afterEach(async () => {
  await harness?.close();
  await registry?.close();
  harness = undefined;
  registry = undefined;
});

async function withRegistry(env: NodeJS.ProcessEnv = {}) {
  registry = await startRegistryFixture();
  harness = createHarness({ env: { GATEHOUSE_REGISTRY_URL: registry.url, GATEHOUSE_REGISTRY_ALLOW_LOOPBACK: '1', ...env } });
  return harness;
}

type Body = Record<string, unknown> & { candidates?: Record<string, unknown>[] };

describe('request_capability', () => {
  it('answers use_cli, candidates, pick_from_category and runs nothing', async () => {
    const h = await withRegistry();
    expect(await h.call<Body>('gateway.request_capability', { query: 'git commits', available_clis: ['git'] })).toMatchObject({ status: 'use_cli', cli: { name: 'git', check_command: ['git', '--version'] } });
    const github = await h.call<Body>('gateway.request_capability', { query: 'github issues', available_clis: [] });
    expect(github).toMatchObject({ status: 'candidates', recommendation: "Call gateway.provision(server_name='github')", env_var: 'GITHUB_PERSONAL_ACCESS_TOKEN', logged_for_discovery: false });
    expect(github.candidates?.[0]).toMatchObject({ name: 'github', candidate_type: 'server', requires_api_key: true, api_key_available: false, source: 'manifest', provision_tool: 'gateway.provision', auth_tool: 'gateway.auth_connect' });
    expect(github.reason).toBe('server:github: manifest server, the need names \'github\'.');
    const files = await h.call<Body>('gateway.request_capability', { query: 'read files', available_clis: [] });
    expect(files).toMatchObject({ status: 'pick_from_category', category_name: 'files' });
    expect(files.candidates?.map((c) => c.name)).toContain('filesystem');
    expect(h.supervisor.all()).toHaveLength(0);
  });

  it('guards unknown services before the CLI tier, asks the registry, and logs only what it wrote', async () => {
    const h = await withRegistry();
    const slack = await h.call<Body>('gateway.request_capability', { query: 'send an http request to the Zendeskish api', available_clis: ['curl'] });
    expect(slack.status).toBe('not_available');
    expect(slack.search_guidance).toContain('gateway.search_registry');
    expect(slack.logged_for_discovery).toBe(true);
    const log = readFileSync(join(h.ctx.stateDir, 'discovery-log.jsonl'), 'utf8').trim().split('\n');
    expect(JSON.parse(log.at(-1) as string)).toMatchObject({ query: 'send an http request to the Zendeskish api', status: 'not_available' });
    const tides = await h.call<Body>('gateway.request_capability', { query: 'tides near the harbour', available_clis: [] });
    expect(tides.status).toBe('candidates');
    expect(tides.candidates?.[0]).toMatchObject({ source: 'registry', package: '@example/tides-mcp@0.3.0', provisionable: false, requires_api_key: true });
    // A lone "I" selects nothing local.
    expect((await h.call<Body>('gateway.request_capability', { query: 'I', available_clis: ['curl'] })).status).toBe('not_available');
  });

  it('reports logged_for_discovery false when the log cannot be written', async () => {
    registry = await startRegistryFixture();
    harness = createHarness({ env: { GATEHOUSE_REGISTRY_URL: registry.url, GATEHOUSE_REGISTRY_ALLOW_LOOPBACK: '1' } });
    mkdirSync(join(harness.ctx.stateDir, 'discovery-log.jsonl'), { recursive: true }); // a folder where the file should be
    const body = await harness.call<Body>('gateway.request_capability', { query: 'zzqx nothing matches' });
    expect(body).toMatchObject({ status: 'not_available', logged_for_discovery: false });
  });
});

describe('search_registry', () => {
  it('searches a copy of the registry taken page by page, latest versions only, kept on disk', async () => {
    registry = await startRegistryFixture({ pageSize: 2 });
    harness = createHarness({ env: { GATEHOUSE_REGISTRY_URL: registry.url, GATEHOUSE_REGISTRY_ALLOW_LOOPBACK: '1' } });
    const h = harness;
    const first = await h.call<{ results: Record<string, unknown>[]; next_step: string; cached: boolean; message: string }>('gateway.search_registry', { query: 'weather', limit: 5 });
    expect(first.results).toHaveLength(2);
    expect(first.results[0]).toMatchObject({ name: 'io.github.example/weather', package: '@example/weather-mcp@1.4.2', env_vars: ['WEATHER_API_KEY'], is_latest: true });
    expect(first.results[1]).toMatchObject({ url: 'https://mcp.example.com/mcp', remote_headers: ['X-Api-Key'] });
    expect(first.next_step).toContain('register_discovered_server');
    expect(first).toMatchObject({ cached: false, message: expect.stringMatching(/^Searched 3 server\(s\) in the registry copy of \d{4}-/) });
    // Two pages of two, followed by the cursor; no search request.
    expect(registry.requests.map((r) => new URL(r, 'http://x').searchParams.get('cursor'))).toEqual([null, '2']);
    expect(registry.requests.every((r) => !new URL(r, 'http://x').searchParams.has('search'))).toBe(true);
    // Any other need is answered from the copy, by description as well as by name.
    const tides = await h.call<{ results: { name: string }[]; cached: boolean }>('gateway.search_registry', { query: 'harbour tide tables', limit: 5 });
    expect(tides).toMatchObject({ cached: true, results: [{ name: 'io.github.example/tides' }] });
    expect(registry.requests).toHaveLength(2);
    expect(JSON.parse(readFileSync(join(h.ctx.cacheDir, 'registry-copy.json'), 'utf8'))).toMatchObject({ base: registry.url, servers: expect.any(Array) });
  });

  it('takes one copy for searches that arrive together', async () => {
    registry = await startRegistryFixture({ pageSize: 2 });
    harness = createHarness({ env: { GATEHOUSE_REGISTRY_URL: registry.url, GATEHOUSE_REGISTRY_ALLOW_LOOPBACK: '1' } });
    const h = harness;
    const answers = await Promise.all(['weather', 'tides', 'hosted'].map((query) => h.call<{ results: unknown[] }>('gateway.search_registry', { query })));
    expect(answers.map((a) => a.results.length)).toEqual([2, 1, 1]);
    expect(registry.requests).toHaveLength(2); // two pages, once
  });

  it('gives up on a listing whose cursor never ends, and says so', async () => {
    registry = await startRegistryFixture({ endlessCursor: true });
    harness = createHarness({ env: { GATEHOUSE_REGISTRY_URL: registry.url, GATEHOUSE_REGISTRY_ALLOW_LOOPBACK: '1' } });
    const body = await harness.call<{ results: unknown[]; message: string; error: unknown }>('gateway.search_registry', { query: 'weather' });
    expect(body.results).toEqual([]);
    expect(body.error).toMatchObject({ code: 'E201' });
    expect(body.message).toContain("more than 500 pages; the registry's cursor does not end");
    expect(registry.requests).toHaveLength(500);
  });

  it('lets request_capability answer from a fresh copy without asking the registry again', async () => {
    const h = await withRegistry();
    await h.call('gateway.search_registry', { query: 'weather' });
    const asked = registry?.requests.length;
    const tides = await h.call<Body>('gateway.request_capability', { query: 'tide tables for the harbour', available_clis: [] });
    expect(tides).toMatchObject({ status: 'candidates', candidates: [{ source: 'registry', package: '@example/tides-mcp@0.3.0' }] });
    expect(registry?.requests).toHaveLength(asked as number);
  });

  it('takes a new copy after six hours, and answers from the old one, marked stale, while the registry is down', async () => {
    const h = await withRegistry();
    await h.call('gateway.search_registry', { query: 'weather' });
    const copyFile = join(h.ctx.cacheDir, 'registry-copy.json');
    const age = (ms: number) => {
      const copy = JSON.parse(readFileSync(copyFile, 'utf8')) as { fetched_at: number };
      writeFileSync(copyFile, JSON.stringify({ ...copy, fetched_at: Date.now() - ms }));
    };
    age(5 * 60 * 60 * 1000);
    await h.call('gateway.search_registry', { query: 'weather' });
    expect(registry?.requests).toHaveLength(1); // five hours old: still fresh

    age(7 * 60 * 60 * 1000);
    registry!.down = true;
    const stale = await h.call<{ results: { name: string }[]; message: string; error?: unknown }>('gateway.search_registry', { query: 'weather' });
    expect(stale.error).toBeUndefined();
    expect(stale.results[0]?.name).toBe('io.github.example/weather');
    expect(stale.message).toContain('(stale). The MCP Registry');
    expect(stale.message).toContain('HTTP 503');
    expect(registry?.requests).toHaveLength(2);
    // The failure is remembered: the next search does not ask again.
    registry!.down = false;
    const again = await h.call<{ message: string }>('gateway.search_registry', { query: 'tides' });
    expect(again.message).toContain('Not retried for 10 minutes');
    expect(registry?.requests).toHaveLength(2);
  });

  it('degrades with a clear error, caches the failure, and never allows loopback without the flag', async () => {
    harness = createHarness({ env: { GATEHOUSE_REGISTRY_URL: 'http://127.0.0.1:9' } });
    const refused = await harness.call<{ results: unknown[]; message: string; error: string }>('gateway.search_registry', { query: 'x' });
    expect(refused.results).toEqual([]);
    expect(refused.message).toContain('GATEHOUSE_REGISTRY_ALLOW_LOOPBACK');
    await harness.close();
    harness = createHarness({ env: { GATEHOUSE_REGISTRY_URL: 'http://127.0.0.1:9', GATEHOUSE_REGISTRY_ALLOW_LOOPBACK: '1' } });
    const down = await harness.call<{ message: string; error: unknown }>('gateway.search_registry', { query: 'x' });
    expect(down.error).toMatchObject({ code: 'E201', retryable: true });
    const started = Date.now();
    const again = await harness.call<{ message: string }>('gateway.search_registry', { query: 'other words' });
    expect(again.message).toContain('Not retried for 10 minutes');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('provision refusals', () => {
  it('unknown server, missing credential, unapproved and approved discovered packages', async () => {
    const h = await withRegistry();
    expect(await h.call<Body>('gateway.provision', { server_name: 'nope' })).toMatchObject({ ok: false, message: "Server 'nope' not found in manifest or .mcp.json configuration." });
    expect(await h.call<Body>('gateway.provision', { server_name: 'github' })).toMatchObject({
      ok: false, needs_api_key: true, env_var: 'GITHUB_PERSONAL_ACCESS_TOKEN', auth_mode: 'api_key', auth_state: 'missing_auth', missing_env_vars: ['GITHUB_PERSONAL_ACCESS_TOKEN'], next_step: "gateway.auth_connect(server_name='github')",
    });
    const registered = await h.call<Body>('gateway.register_discovered_server', { package: '@example/weather-mcp@1.4.2', server_name: 'weather' });
    expect(registered).toMatchObject({ ok: true, registered: true, install_command: ['npx', '-y', '@example/weather-mcp@1.4.2'] });
    expect(JSON.parse(readFileSync(join(h.ctx.stateDir, 'discovered.json'), 'utf8')).servers.weather.package.version).toBe('1.4.2');
    expect(await h.call<Body>('gateway.provision', { server_name: 'weather' })).toMatchObject({ ok: false, error_code: 'E404' });
    approvePackage(h.ctx.stateDir, 'npm:@example/weather-mcp@1.4.2');
    // Approved now; it still needs no credential declared, so it reaches the install job.
    const started = await h.call<Body>('gateway.provision', { server_name: 'weather' });
    expect(started).toMatchObject({ ok: true, status: 'started' });
    expect(h.supervisor.get('weather')).toBeUndefined();
  });

  it('register refuses ranges, flags and missing versions', async () => {
    const h = await withRegistry();
    for (const pkg of ['-rf', 'left-pad', 'left-pad@^1.0.0', 'left-pad@latest', '../evil@1.0.0']) {
      expect(await h.call<Body>('gateway.register_discovered_server', { package: pkg, server_name: 'x' })).toMatchObject({ ok: false, registered: false });
    }
    expect(existsSync(join(h.ctx.stateDir, 'discovered.json'))).toBe(false);
  });

  it('provision_status answers not_found with E505', async () => {
    const h = await withRegistry();
    const body = await h.call<{ status: string; error: unknown }>('gateway.provision_status', { job_id: 'deadbeef' });
    expect(body.status).toBe('not_found');
    expect(body.error).toMatchObject({ code: 'E505' });
  });
});

describe('update_server, submit_feedback, sync_environment', () => {
  it('update_server refuses unknown servers, pins and uncertain identities', async () => {
    const common = { source: 'project' as const, sourcePath: null, startupPolicy: 'lazy' as const, env: {}, cwd: '/' };
    harness = createHarness({
      configured: [
        { ...common, name: 'pinned', transport: 'stdio', command: 'npx', args: ['-y', 'some-server@1.2.3'] },
        { ...common, name: 'uvpinned', transport: 'stdio', command: 'uvx', args: ['mcp-server-time==1.0.0'] },
        { ...common, name: 'script', transport: 'stdio', command: 'node', args: ['server.js'] },
      ],
    });
    await harness.ctx.activate?.(harness.gateway);
    expect(await harness.call<Body>('gateway.update_server', { server_name: 'ghost' })).toMatchObject({ ok: false, message: "Server 'ghost' is not known to Gatehouse." });
    expect(await harness.call<Body>('gateway.update_server', { server_name: 'pinned' })).toMatchObject({ ok: false, package_type: 'npm', restarted: false });
    expect(await harness.call<Body>('gateway.update_server', { server_name: 'uvpinned' })).toMatchObject({ ok: false, package_type: 'pypi' });
    expect(await harness.call<Body>('gateway.update_server', { server_name: 'script' })).toMatchObject({ ok: false, package_type: 'unknown' });
  });

  it('submit_feedback previews redacted bodies and refuses to post without the dedicated token', async () => {
    harness = createHarness({ env: { GITHUB_TOKEN: 'ghp_ambientambientambient' }, gateway: { redact: <T>(v: T) => JSON.parse(JSON.stringify(v).replaceAll('hunter2secret', '[REDACTED]')) as T } });
    const preview = await harness.call<Body>('gateway.submit_feedback', { title: 'Crash on connect', description: 'token hunter2secret leaked?', issue_type: 'bug' });
    expect(preview).toMatchObject({ ok: true, submitted: false, issue_title: '[Feedback][Bug] Crash on connect', authenticated: false });
    expect(String(preview.issue_body)).not.toContain('hunter2secret');
    const refused = await harness.call<Body>('gateway.submit_feedback', { title: 'Crash on connect', description: 'x', issue_type: 'feature_request', confirm_submission: true });
    expect(refused).toMatchObject({ ok: false, submitted: false });
    expect(String(refused.message)).toContain('GATEHOUSE_FEEDBACK_TOKEN');
  });

  it('sync_environment takes the CLI names it is given without probing', async () => {
    harness = createHarness({ env: { PATH: join(process.cwd(), 'node_modules', '.bin') } });
    expect(await harness.call('gateway.sync_environment', { detected_clis: ['git', 'bad name'] })).toMatchObject({ detected_clis: ['git'] });
    expect(existsSync(join(harness.ctx.cacheDir, 'cli-probe.json'))).toBe(false);
  });
});
