// The supervisor with real child processes: lazy and eager start, one shared connect attempt, complete
// process-group shutdown, crashes shown with their reason, stderr floods drained, clear start errors.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processAlive, startCore, waitFor, type CoreUnderTest } from '../helpers/core';
import { hostPid } from '../helpers/host-pid';
import { callMeta } from '../helpers/meta';
import { createWorkspace, faultServer, type Workspace } from '../helpers/workspace';
import type { ErrorEntry } from '../../src/main/gateway/envelope';

let workspace: Workspace;
let core: CoreUnderTest | undefined;

beforeEach(() => {
  workspace = createWorkspace();
});
afterEach(async () => {
  await core?.close();
  core = undefined;
  workspace.cleanup();
});

function rowOf(name: string) {
  return core!.gatehouse.api.listHealth({}).then((s) => s.rows.find((r) => r.name === name));
}

describe('supervisor', () => {
  it('keeps servers lazy until first use, and starts autoStart servers at launch', async () => {
    workspace.writeConfig({ mcpServers: { eager: faultServer(), idle: faultServer(), off: faultServer() }, autoStart: ['eager', 'off'], disableAutoStart: ['off'] });
    core = await startCore(workspace);
    await waitFor(async () => (await rowOf('eager'))?.status === 'online', 'eager server online');
    expect(await rowOf('idle')).toMatchObject({ status: 'lazy', pid: null, startup_policy: 'lazy' });
    // disableAutoStart always wins over autoStart.
    expect(await rowOf('off')).toMatchObject({ status: 'lazy', startup_policy: 'lazy' });
    expect(await rowOf('eager')).toMatchObject({ startup_policy: 'eager', source: 'project', tool_count: 8 });
  });

  it('shares one connect attempt among concurrent callers', async () => {
    workspace.writeConfig({ mcpServers: { fault: faultServer() } });
    core = await startCore(workspace);
    const results = await Promise.all([1, 2, 3].map(() => core!.gatehouse.api.startServer({ name: 'fault' })));
    const pids = new Set(results.map((r) => r.row?.pid));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(pids.size).toBe(1);
    const starting = core.snapshots.filter((s) => s.rows.find((r) => r.name === 'fault')?.status === 'starting');
    expect(starting.length).toBe(1);
  });

  it('stop kills the whole process group, grandchildren included', async () => {
    workspace.writeConfig({ mcpServers: { fault: faultServer() } });
    core = await startCore(workspace);
    const { body } = await callMeta<{ ok: boolean; result: { content: { text: string }[] } }>(core.client, 'gateway.invoke', { tool_id: 'fault::spawn_grandchild' });
    expect(body.ok).toBe(true);
    const child = (await rowOf('fault'))?.pid;
    expect(child).toBeGreaterThan(0);
    // Confined, the server reports its grandchild's pid inside its own PID namespace.
    const grandchild = hostPid(child!, Number(body.result.content[0]?.text));
    expect(processAlive(grandchild)).toBe(true);
    const stopped = await core.gatehouse.api.stopServer({ name: 'fault' });
    expect(stopped).toMatchObject({ ok: true, row: { status: 'stopped', pid: null } });
    expect(processAlive(child!)).toBe(false);
    await waitFor(() => !processAlive(grandchild), 'grandchild gone', 3000);
  });

  it('shows a crash with its exit code and stderr, and starts a lazy server again on next use', async () => {
    workspace.writeConfig({ mcpServers: { fault: faultServer() } });
    core = await startCore(workspace);
    await callMeta(core.client, 'gateway.invoke', { tool_id: 'fault::crash', arguments: { code: 3 } });
    // A lazy server with no work in flight goes back to lazy; the row keeps why it died.
    const crashed = await waitFor(async () => {
      const row = await rowOf('fault');
      return row?.status === 'lazy' && row.last_exit_code === 3 ? row : undefined;
    }, 'crash noticed');
    expect(crashed.last_error).toContain('exit code 3');
    expect(crashed.last_error).toContain('crashing with code 3');
    const again = await callMeta<{ ok: boolean }>(core.client, 'gateway.invoke', { tool_id: 'fault::slow', arguments: { ms: 0 } });
    expect(again.body.ok).toBe(true);
    expect((await rowOf('fault'))?.status).toBe('online');
  });

  it('keeps draining a child that floods stderr, with a bounded log', async () => {
    workspace.writeConfig({ mcpServers: { noisy: faultServer({ FAULT_STDERR_LINES: '30000' }) } });
    core = await startCore(workspace);
    const started = await core.gatehouse.api.startServer({ name: 'noisy' });
    expect(started.ok).toBe(true);
    // The handshake may finish before all the noise is read; draining goes on while the server runs.
    const tail = await waitFor(async () => {
      const { body } = await callMeta<{ servers: { name: string; stderr_tail: string[] }[] }>(core!.client, 'gateway.health', { verbose: true });
      const lines = body.servers.find((s) => s.name === 'noisy')?.stderr_tail ?? [];
      return lines.at(-1)?.includes('noise line 29999') ? lines : undefined;
    }, 'the last stderr line');
    expect(tail.length).toBe(10);
    const handle = (await core.gatehouse.api.listHealth({})).rows.find((r) => r.name === 'noisy');
    expect(handle?.status).toBe('online');
  });

  it('relays downstream progress to a caller that asked for it', async () => {
    workspace.writeConfig({ mcpServers: { fault: faultServer() } });
    core = await startCore(workspace);
    const seen: number[] = [];
    const result = await core.client.callTool(
      { name: 'gateway.invoke', arguments: { tool_id: 'fault::slow', arguments: { ms: 500 } } },
      { onprogress: (p) => seen.push(p.progress) },
    );
    expect(result.isError).toBeFalsy();
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('names a missing ${VAR} instead of starting the server without it (E201)', async () => {
    workspace.writeConfig({ mcpServers: { needs: { ...faultServer(), env: { API_TOKEN: '${GATEHOUSE_TEST_UNSET_TOKEN}' } } } });
    core = await startCore(workspace, { PATH: process.env.PATH, HOME: workspace.home });
    const { body, isError } = await callMeta<{ ok: boolean; errors: ErrorEntry[] }>(core.client, 'gateway.invoke', { tool_id: 'needs::slow', arguments: { ms: 0 } });
    expect(isError).toBe(true);
    const error = body.errors[0] as ErrorEntry & { details: { missing_env_vars: string[] } };
    expect(error.code).toBe('E201');
    expect(error.details.missing_env_vars).toEqual(['GATEHOUSE_TEST_UNSET_TOKEN']);
    expect(await rowOf('needs')).toMatchObject({ status: 'auth_required', missing_env_vars: ['GATEHOUSE_TEST_UNSET_TOKEN'] });
  });

  it('reports a command that does not exist with the next step (E204)', async () => {
    workspace.writeConfig({ mcpServers: { ghost: { command: 'gatehouse-no-such-command' } } });
    core = await startCore(workspace);
    const result = await core.gatehouse.api.startServer({ name: 'ghost' });
    expect(result.ok).toBe(false);
    expect(result.message).toContain('"gatehouse-no-such-command" was not found');
    expect(result.row?.status).toBe('error');
  });

  it('publishes snapshots with strictly increasing generations', async () => {
    workspace.writeConfig({ mcpServers: { fault: faultServer() } });
    core = await startCore(workspace);
    await core.gatehouse.api.startServer({ name: 'fault' });
    await core.gatehouse.api.stopServer({ name: 'fault' });
    await waitFor(() => core!.snapshots.at(-1)?.rows[0]?.status === 'stopped', 'stopped snapshot');
    const generations = core.snapshots.map((s) => s.generation);
    expect(generations.length).toBeGreaterThanOrEqual(3);
    expect(generations.every((g, i) => i === 0 || g > generations[i - 1]!)).toBe(true);
  });
});
