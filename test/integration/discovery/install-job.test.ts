// A real install job: the built-in manifest's `everything` entry (npm @modelcontextprotocol/server-everything
// pinned to 2026.8.31) is fetched with `npm exec`, recorded in provisioned.json, added to a real
// Supervisor and connected; the job reports complete only after initialize and tools/list succeeded.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { startPackageRegistry } from '../../helpers/package-registry';
import { createHarness, type Harness } from './harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

interface Status { job_id: string; status: string; stage: string | null; stages: { name: string; state: string; detail: string | null }[]; package: string | null; version: string | null; progress: number; new_tools: string[]; output_tail: string[]; error?: { code: string; retryable: boolean }; message: string; elapsed_seconds: number }

async function pollUntilDone(h: Harness, jobId: string, timeoutMs: number): Promise<Status[]> {
  const seen: Status[] = [];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = await h.call<Status>('gateway.provision_status', { job_id: jobId });
    seen.push(status);
    if (['complete', 'failed', 'timeout'].includes(status.status)) return seen;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`job ${jobId} did not finish in ${timeoutMs} ms: ${JSON.stringify(seen.at(-1))}`);
}

describe('provision install job', () => {
  it('installs, connects and lists tools of a pinned manifest server, then answers already_running', async () => {
    harness = createHarness();
    const started = await harness.call<{ ok: boolean; status: string; job_id: string }>('gateway.provision', { server_name: 'everything' });
    expect(started).toMatchObject({ ok: true, status: 'started' });
    expect(started.job_id).toMatch(/^[0-9a-f]{8}$/);
    // A second call while installing joins the same job instead of installing twice.
    const again = await harness.call<{ job_id: string }>('gateway.provision', { server_name: 'everything' });
    expect(again.job_id).toBe(started.job_id);

    const history = await pollUntilDone(harness, started.job_id, 90_000);
    const last = history.at(-1) as Status;
    expect(last.status, last.message).toBe('complete');
    expect(last.progress).toBe(100);
    expect(last.new_tools).toContain('echo');
    expect(last.new_tools.length).toBeLessThanOrEqual(10);
    // Every stage ran and says what it found; progress only went forward through them.
    expect(last).toMatchObject({ stage: 'tools', package: '@modelcontextprotocol/server-everything@2026.8.31', version: '2026.8.31' });
    expect(last.stages.map((s) => [s.name, s.state])).toEqual([['download', 'done'], ['install', 'done'], ['start', 'done'], ['tools', 'done']]);
    expect(last.stages[0]?.detail).toMatch(/^@modelcontextprotocol\/server-everything 2026\.8\.31/);
    expect(last.stages[3]?.detail).toMatch(/^\d+ tool\(s\)$/);
    const progress = history.map((h) => h.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const handle = harness.supervisor.get('everything');
    expect(handle?.status).toBe('online');
    expect(handle?.definition).toMatchObject({ transport: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything@2026.8.31', 'stdio'] });
    const stored = JSON.parse(readFileSync(join(harness.ctx.stateDir, 'provisioned.json'), 'utf8')) as { servers: Record<string, { package: { version: string } }> };
    expect(stored.servers.everything?.package.version).toBe('2026.8.31');

    const running = await harness.call<{ ok: boolean; status: string; new_tools: string[] }>('gateway.provision', { server_name: 'everything' });
    expect(running).toMatchObject({ ok: true, status: 'already_running' });
    expect(running.new_tools).toContain('echo');
  });

  it('reports a failed install with the redacted output tail and E501', async () => {
    harness = createHarness();
    const overlay = join(harness.ctx.env.XDG_CONFIG_HOME as string, 'gatehouse', 'manifest.yaml');
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(join(overlay, '..'), { recursive: true });
    writeFileSync(overlay, 'version: 1\nservers:\n  broken:\n    description: A package that does not exist\n    package: { type: npm, name: "@gatehouse-test-nonexistent/none", version: "0.0.1" }\n');
    // A loopback npm registry that knows no package: the 404 does not depend on the network (on a busy
    // machine the public registry's answer sometimes came too late and the stage read "skipped").
    const registry = await startPackageRegistry([]);
    Object.assign(harness.ctx.env, registry.env(), { npm_config_cache: join(harness.root, 'npm-cache') });
    onTestFinished(() => registry.close());
    const started = await harness.call<{ job_id: string; status: string }>('gateway.provision', { server_name: 'broken' });
    expect(started.status).toBe('started');
    const last = (await pollUntilDone(harness, started.job_id, 60_000)).at(-1) as Status;
    expect(last.status).toBe('failed');
    expect(last.error).toMatchObject({ code: 'E501' });
    // The registry says it does not exist: the job stops at download, before anything is installed.
    expect(last.stages.map((s) => s.state)).toEqual(['failed', 'pending', 'pending', 'pending']);
    expect(last.stages[0]?.detail).toContain('404');
    expect(last.message).toContain('@gatehouse-test-nonexistent/none@0.0.1 is not in its registry');
    expect(harness.supervisor.get('broken')).toBeUndefined();
    expect(registry.requests).toContain('/@gatehouse-test-nonexistent/none');
  });

  it('kills a silent install after the no-output timeout and reports timeout (E504)', async () => {
    harness = createHarness({ ctx: { installIdleTimeoutMs: 300 } });
    // A local registry that accepts the connection and never answers: npm waits silently.
    const { createServer } = await import('node:net');
    const sockets: import('node:net').Socket[] = [];
    const server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as import('node:net').AddressInfo).port;
    harness.ctx.env.npm_config_registry = `http://127.0.0.1:${port}/`;
    harness.ctx.env.npm_config_cache = join(harness.root, 'npm-cache');
    try {
      const started = await harness.call<{ job_id: string }>('gateway.provision', { server_name: 'memory' });
      const last = (await pollUntilDone(harness, started.job_id, 30_000)).at(-1) as Status;
      expect(last.status).toBe('timeout');
      expect(last.error).toMatchObject({ code: 'E504', retryable: true });
    } finally {
      for (const s of sockets) s.destroy();
      server.close();
    }
  });
});
