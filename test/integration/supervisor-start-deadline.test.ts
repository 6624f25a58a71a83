// A caller's timeout_ms bounds its whole wait, the lazy start included: a child that never answers
// initialize fails the call within the caller's own timeout (E202), every caller sharing one start keeps
// its own deadline, and a slow start is not abandoned because one impatient caller gave up.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HealthRow } from '../../src/shared/domain';
import { startCore, waitFor, type CoreUnderTest } from '../helpers/core';
import { invoke } from '../helpers/invoke';
import { callMeta } from '../helpers/meta';
import { createWorkspace, REPO_ROOT, type Workspace } from '../helpers/workspace';

/** Built from test/fixtures/servers/slow-start-server.ts; without a delay it never answers its handshake. */
const SLOW_START_SERVER = join(REPO_ROOT, 'out/fixtures/slow-start-server.mjs');

function slowStartServer(delayMs?: number) {
  return { command: process.execPath, args: [SLOW_START_SERVER], env: delayMs === undefined ? {} : { SLOW_START_MS: String(delayMs) } };
}

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

async function row(name: string): Promise<HealthRow> {
  const found = (await core!.gatehouse.api.listHealth({})).rows.find((r) => r.name === name);
  if (!found) throw new Error(`no row for ${name}`);
  return found;
}

/** The server's stderr lines as gateway.health shows them. */
async function stderrOf(name: string): Promise<string[]> {
  const { body } = await callMeta<{ servers: { name: string; stderr_tail: string[] }[] }>(core!.client, 'gateway.health', { verbose: true });
  return body.servers.find((s) => s.name === name)?.stderr_tail ?? [];
}

describe('the caller\'s deadline covers the lazy start', () => {
  it('fails a call within its own timeout_ms when the server never answers initialize (E202 naming the server and the timeout)', async () => {
    workspace.writeConfig({ mcpServers: { mute: slowStartServer() } });
    core = await startCore(workspace);
    const outcome = await invoke(core.client, 'mute::echo', { message: 'x' }, { timeout_ms: 5000 });
    expect(outcome).toMatchObject({ ok: false, code: 'E202', details: { server: 'mute', timeout_ms: 5000, phase: 'handshake' } });
    expect(outcome.message).toContain('server "mute" did not answer initialize within the caller\'s timeout_ms of 5000 ms');
    // The start itself goes on (up to its own limit) for whoever asks next.
    expect((await row('mute')).status).toBe('starting');
  });

  it('gives every caller sharing one start its own deadline', async () => {
    workspace.writeConfig({ mcpServers: { mute: slowStartServer() } });
    core = await startCore(workspace);
    const other = await core.connect();
    const [short, long] = await Promise.all([
      invoke(core.client, 'mute::echo', { message: 'a' }, { timeout_ms: 2000 }),
      invoke(other, 'mute::echo', { message: 'b' }, { timeout_ms: 4000 }),
    ]);
    expect(short).toMatchObject({ code: 'E202', details: { timeout_ms: 2000 } });
    expect(long).toMatchObject({ code: 'E202', details: { timeout_ms: 4000 } });
    expect(long.message).toContain('4000 ms');
    // One shared start: the child was spawned once.
    expect((await stderrOf('mute')).filter((line) => line.includes('never answering'))).toHaveLength(1);
  });

  it('lets a slow start finish in the background after an impatient caller gave up; the next call uses that child', async () => {
    workspace.writeConfig({ mcpServers: { slow: slowStartServer(4000) } });
    core = await startCore(workspace);
    const impatient = await invoke(core.client, 'slow::echo', { message: 'now' }, { timeout_ms: 1000 });
    expect(impatient).toMatchObject({ ok: false, code: 'E202', details: { server: 'slow', timeout_ms: 1000 } });
    const online = await waitFor(async () => {
      const r = await row('slow');
      return r.status === 'online' ? r : undefined;
    }, 'the slow start to finish', 45_000);
    expect(await invoke(core.client, 'slow::echo', { message: 'later' })).toMatchObject({ ok: true, text: 'later' });
    expect((await row('slow')).pid).toBe(online.pid);
    expect((await stderrOf('slow')).filter((line) => line.includes('answering in'))).toHaveLength(1);
  });

  it('counts the start against the call: what the start left of timeout_ms is the tool\'s first idle window (E303)', async () => {
    workspace.writeConfig({ mcpServers: { slow: slowStartServer(1500) } });
    core = await startCore(workspace);
    const outcome = await invoke(core.client, 'slow::silent', {}, { timeout_ms: 8000 });
    expect(outcome).toMatchObject({ ok: false, code: 'E303', details: { kind: 'idle', timeout_ms: 8000 } });
    expect(outcome.message).toContain('the server\'s start took');
  });
});
