// Faults a gateway must survive, with real child processes: a killed child, a crash loop, a silent
// tool, an oversized answer, a flood of concurrent calls, pending work during a refresh.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HealthRow } from '../../src/shared/domain';
import type { RestartPolicyOptions } from '../../src/main/supervisor/restart-policy';
import { startCore, waitFor, type CoreUnderTest } from '../helpers/core';
import { invoke } from '../helpers/invoke';
import { callMeta } from '../helpers/meta';
import { createWorkspace, faultServer, type Workspace } from '../helpers/workspace';
import type { ErrorEntry } from '../../src/main/gateway/envelope';

const FAST_RESTARTS: RestartPolicyOptions = { baseDelayMs: 50, maxDelayMs: 200, jitter: 0.2, maxCrashes: 4, windowMs: 60_000, coolDownMs: 60_000 };

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

async function row(name = 'fault'): Promise<HealthRow> {
  const found = (await core!.gatehouse.api.listHealth({})).rows.find((r) => r.name === name);
  if (!found) throw new Error(`no row for ${name}`);
  return found;
}

/** The pid once online; callers that killed a child wait for a different pid themselves. */
async function onlinePid(name = 'fault'): Promise<number> {
  return waitFor(async () => {
    const r = await row(name);
    return r.status === 'online' && r.pid ? r.pid : undefined;
  }, `${name} online`);
}

describe('crashes', () => {
  it('fails a killed child\'s pending call at once (E205), restarts it, and the next call succeeds', async () => {
    workspace.writeConfig({ mcpServers: { fault: faultServer() } });
    core = await startCore(workspace, process.env, { restartPolicy: FAST_RESTARTS });
    await core.gatehouse.api.startServer({ name: 'fault' });
    const pid = await onlinePid();
    const stuck = invoke(core.client, 'fault::silent', {}, { timeout_ms: 60_000 });
    await waitFor(async () => (await row()).pending_count === 1, 'the call to be pending');
    process.kill(pid, 'SIGKILL');
    const failed = await stuck;
    expect(failed).toMatchObject({ ok: false, code: 'E205' });
    // It had work in flight, so it restarts by itself (not back to lazy).
    await waitFor(async () => {
      const r = await row();
      return r.status === 'online' && r.pid !== pid;
    }, 'a new child online');
    expect(await row()).toMatchObject({ restart_count: 1, last_exit_signal: 'SIGKILL' });
    expect(core.snapshots.some((s) => s.rows[0]?.status === 'restarting')).toBe(true);
    expect(await invoke(core.client, 'fault::echo', { message: 'after' })).toMatchObject({ ok: true, text: 'after' });
  });

  it('opens the crash-loop breaker after repeated crashes, refuses calls with E206, and lets the operator retry', async () => {
    workspace.writeConfig({ mcpServers: { fault: faultServer() }, autoStart: ['fault'] });
    core = await startCore(workspace, process.env, { restartPolicy: FAST_RESTARTS });
    let previous = 0;
    for (let crash = 1; crash <= FAST_RESTARTS.maxCrashes; crash++) {
      const pid = await waitFor(async () => {
        const r = await row();
        return r.status === 'online' && r.pid && r.pid !== previous ? r.pid : undefined;
      }, `child ${crash} online`);
      previous = pid;
      process.kill(pid, 'SIGKILL');
      if (crash < FAST_RESTARTS.maxCrashes) await waitFor(async () => (await row()).restart_count === crash, `restart ${crash}`);
    }
    const broken = await waitFor(async () => {
      const r = await row();
      return r.status === 'crash_loop' ? r : undefined;
    }, 'crash_loop');
    expect(broken.breaker).toBe('open');
    const refused = await invoke(core.client, 'fault::echo', { message: 'x' });
    expect(refused.code).toBe('E206');
    expect(refused.details.retry_after_ms).toBeGreaterThan(0);
    const { body } = await callMeta<{ ok: boolean; new_status: string }>(core.client, 'gateway.connect_server', { server_name: 'fault' });
    expect(body).toMatchObject({ ok: true, new_status: 'online' });
    expect((await row()).breaker).toBe('closed');
  });
});

describe('timeouts and limits', () => {
  it('times out a silent tool (E303, idle) and tells the server to stop', async () => {
    workspace.writeConfig({ mcpServers: { fault: faultServer() } });
    core = await startCore(workspace);
    // Started first: a lazy start would count against the call's 1000 ms (see supervisor-start-deadline).
    await core.gatehouse.api.startServer({ name: 'fault' });
    const outcome = await invoke(core.client, 'fault::silent', {}, { timeout_ms: 1000 });
    expect(outcome).toMatchObject({ ok: false, code: 'E303', details: { kind: 'idle', timeout_ms: 1000 } });
    const { body } = await callMeta<{ servers: { name: string; stderr_tail: string[] }[] }>(core.client, 'gateway.health', { verbose: true });
    await waitFor(async () => {
      const again = await callMeta<{ servers: { name: string; stderr_tail: string[] }[] }>(core!.client, 'gateway.health', { verbose: true });
      return again.body.servers[0]?.stderr_tail.some((l) => l.startsWith('cancelled request'));
    }, 'the server to see notifications/cancelled');
    expect(body.servers[0]?.name).toBe('fault');
  });

  it('keeps a slow call alive while it reports progress, past the idle timeout', async () => {
    workspace.writeConfig({ mcpServers: { fault: faultServer() } });
    core = await startCore(workspace);
    await core.gatehouse.api.startServer({ name: 'fault' });
    const outcome = await invoke(core.client, 'fault::slow', { ms: 2500 }, { timeout_ms: 1000 });
    expect(outcome).toMatchObject({ ok: true, text: 'waited 2500 ms' });
  });

  it('stops a call at the absolute ceiling even while it reports progress (E303, ceiling)', async () => {
    workspace.writeConfig({ mcpServers: { fault: faultServer() } });
    core = await startCore(workspace, process.env, { requestCeilingMs: 1500 });
    const outcome = await invoke(core.client, 'fault::slow', { ms: 10_000 }, { timeout_ms: 5000 });
    expect(outcome).toMatchObject({ ok: false, code: 'E303', details: { kind: 'ceiling', timeout_ms: 1500 } });
  });

  it('fails only the call whose answer is over the line limit (E306); the server stays connected', async () => {
    workspace.writeConfig({ mcpServers: { fault: faultServer() } });
    core = await startCore(workspace, { ...process.env, GATEHOUSE_STDIO_LINE_LIMIT: String(1024 * 1024) });
    await core.gatehouse.api.startServer({ name: 'fault' });
    const pid = await onlinePid();
    const [huge, slow] = await Promise.all([
      invoke(core.client, 'fault::huge', { bytes: 3 * 1024 * 1024 }),
      invoke(core.client, 'fault::slow', { ms: 300 }),
    ]);
    expect(huge).toMatchObject({ ok: false, code: 'E306', details: { limit_bytes: 1024 * 1024 } });
    expect(huge.details.line_bytes).toBeGreaterThan(3 * 1024 * 1024);
    expect(slow).toMatchObject({ ok: true });
    expect(await invoke(core.client, 'fault::echo', { message: 'still here' })).toMatchObject({ ok: true, text: 'still here' });
    expect((await row()).pid).toBe(pid);
  });

  it('completes 50 concurrent calls on one server', async () => {
    workspace.writeConfig({ mcpServers: { fault: faultServer() } });
    core = await startCore(workspace);
    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => invoke(core!.client, 'fault::echo', { message: `m${i}` })));
    expect(outcomes.map((o) => o.text)).toEqual(Array.from({ length: 50 }, (_, i) => `m${i}`));
    expect((await row()).latency.count).toBe(50);
  });
});

describe('pending calls', () => {
  it('lists and cancels only the caller\'s own requests; a healthy one needs force', async () => {
    workspace.writeConfig({ mcpServers: { fault: faultServer() } });
    core = await startCore(workspace);
    const other = await core.connect();
    const stuck = invoke(core.client, 'fault::silent', {}, { timeout_ms: 60_000 });
    const mine = await waitFor(async () => {
      const { body } = await callMeta<{ requests: { request_id: string; tool_id: string; state: string }[]; total_pending: number }>(core!.client, 'gateway.list_pending');
      return body.requests[0];
    }, 'the pending request');
    expect(mine).toMatchObject({ tool_id: 'fault::silent', state: 'pending' });
    expect(mine.request_id).toMatch(/^fault::\d+$/);

    const theirs = await callMeta<{ total_pending: number }>(other, 'gateway.list_pending');
    expect(theirs.body.total_pending).toBe(0);
    const foreignCancel = await callMeta<{ status: string }>(other, 'gateway.cancel', { request_id: mine.request_id, force: true });
    expect(foreignCancel.body.status).toBe('not_found');

    const refused = await callMeta<{ status: string }>(core.client, 'gateway.cancel', { request_id: mine.request_id });
    expect(refused.body.status).toBe('refused');
    const cancelled = await callMeta<{ status: string }>(core.client, 'gateway.cancel', { request_id: mine.request_id, force: true });
    expect(cancelled.body.status).toBe('cancelled');
    expect(await stuck).toMatchObject({ ok: false, code: 'E307', details: { cause: 'gateway.cancel' } });
    const again = await callMeta<{ status: string }>(core.client, 'gateway.cancel', { request_id: mine.request_id, force: true });
    expect(again.body.status).toBe('already_complete');
  });

  it('refuses refresh and disconnect while work is pending, and force cancels it', async () => {
    workspace.writeConfig({ mcpServers: { fault: faultServer() } });
    core = await startCore(workspace);
    const stuck = invoke(core.client, 'fault::silent', {}, { timeout_ms: 60_000 });
    await waitFor(async () => (await row()).pending_count === 1, 'pending');
    const refusedRefresh = await callMeta<{ ok: boolean; errors: ErrorEntry[]; pending_requests_refused: number }>(core.client, 'gateway.refresh');
    expect(refusedRefresh.body.ok).toBe(false);
    expect(refusedRefresh.body.errors[0]).toMatchObject({ code: 'E302', message: expect.stringMatching(/^Refresh refused/), retryable: true });
    const refusedDisconnect = await callMeta<{ ok: boolean; message: string }>(core.client, 'gateway.disconnect_server', { server_name: 'fault' });
    expect(refusedDisconnect.body).toMatchObject({ ok: false, message: expect.stringMatching(/^Disconnect refused/) });
    expect((await row()).status).toBe('online');

    const forced = await callMeta<{ ok: boolean; pending_requests_cancelled: number }>(core.client, 'gateway.refresh', { force: true });
    expect(forced.body).toMatchObject({ ok: true, pending_requests_cancelled: 1 });
    expect(await stuck).toMatchObject({ ok: false, code: 'E307', details: { cause: 'forced_refresh' } });
  });
});

describe('states', () => {
  it('shows degraded, auth_required, error and stopped on real servers', async () => {
    workspace.writeConfig({
      mcpServers: {
        broken_list: faultServer({ FAULT_LIST_FAILS: '1' }),
        dies: faultServer({ FAULT_CRASH_AT_START: '1' }),
        needs_key: { ...faultServer(), env: { KEY: '${GATEHOUSE_TEST_NEVER_SET}' } },
        fault: faultServer(),
      },
    });
    core = await startCore(workspace, { PATH: process.env.PATH, HOME: workspace.home });
    await Promise.all(['broken_list', 'dies', 'needs_key', 'fault'].map((name) => core!.gatehouse.api.startServer({ name })));
    await core.gatehouse.api.stopServer({ name: 'fault' });
    const rows = (await core.gatehouse.api.listHealth({})).rows;
    const status = Object.fromEntries(rows.map((r) => [r.name, r.status]));
    expect(status).toEqual({ broken_list: 'degraded', dies: 'error', needs_key: 'auth_required', fault: 'stopped' });
    expect(rows.find((r) => r.name === 'broken_list')?.last_error).toContain('tools/list is broken on purpose');
    expect(rows.find((r) => r.name === 'dies')?.last_error).toContain('configured to crash at start');
    const seen = new Set(core.snapshots.flatMap((s) => s.rows.map((r) => r.status)));
    expect(seen).toContain('starting');
    expect(seen).toContain('online');
  });

  it('picks up tools added at runtime (tools/list_changed)', async () => {
    workspace.writeConfig({ mcpServers: { fault: faultServer() } });
    core = await startCore(workspace);
    await invoke(core.client, 'fault::add_tool', { name: 'brand_new' });
    await waitFor(async () => (await row()).tool_count === 9, 'the new tool to be listed');
    expect(await invoke(core.client, 'fault::brand_new')).toMatchObject({ ok: true, text: 'brand_new' });
  });
});
