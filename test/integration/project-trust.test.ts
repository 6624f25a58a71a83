// Project trust through a real core (contract §4.5): a project `.mcp.json` counts only once the operator
// approved its exact bytes. Until then its servers are listed as skipped (untrusted_project), nothing of
// it starts (E404 everywhere a start could happen), it shadows nothing, and its autoStart is ignored.
// The operator's panel API approves by the digest it reviewed; an edit or a revoke withdraws the trust.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HealthRow } from '../../src/shared/domain';
import { listApprovals, sha256 } from '../../src/main/trust/store';
import { startCore, type CoreUnderTest } from '../helpers/core';
import { invoke } from '../helpers/invoke';
import { callMeta } from '../helpers/meta';
import { processAlive, waitFor } from '../helpers/wait';
import { createWorkspace, everythingServer, type Workspace } from '../helpers/workspace';

let workspace: Workspace;
let core: CoreUnderTest | undefined;

afterEach(async () => {
  await core?.close();
  core = undefined;
  workspace?.cleanup();
});

async function coreWithUnapproved(config: unknown): Promise<{ file: string; core: CoreUnderTest }> {
  workspace = createWorkspace();
  const file = workspace.writeConfig(config, undefined, { approve: false });
  core = await startCore(workspace);
  return { file, core };
}

const rowOf = async (c: CoreUnderTest, name: string): Promise<HealthRow | undefined> =>
  (await c.gatehouse.api.listHealth({})).rows.find((r) => r.name === name);

describe('an unapproved project .mcp.json', () => {
  it('lists its servers as skipped, starts none of them, and says how to approve', async () => {
    const { file, core: c } = await coreWithUnapproved({ mcpServers: { everything: everythingServer() }, autoStart: ['everything'] });
    const row = await rowOf(c, 'everything');
    expect(row).toMatchObject({ status: 'lazy', startup_policy: 'skipped', startup_skip_reason: 'untrusted_project', source: 'project', source_path: file, pid: null });
    expect(c.logs.join('\n')).toContain(`E404 trust: ${file} is not approved; its servers are listed but not started (everything). To use them, review ${file}, then approve it`);

    const call = await invoke(c.client, 'everything::echo', { message: 'hi' });
    expect(call).toMatchObject({ ok: false, code: 'E404' });
    expect(call.details).toMatchObject({ server: 'everything', path: file, sha256: sha256(readFileSync(file)), startup_skip_reason: 'untrusted_project' });
    const describe = await callMeta(c.client, 'gateway.describe', { tool_id: 'everything::echo' });
    expect(describe.isError).toBe(true);
    expect(JSON.stringify(describe.body)).toContain('E404');
    expect((await c.gatehouse.api.startServer({ name: 'everything' })).message).toContain('is not approved by the operator');
    // Nothing was spawned by any of those attempts.
    expect((await rowOf(c, 'everything'))?.pid).toBeNull();

    const health = await callMeta<{ servers: { name: string; startup_skip_reason: string; next_step: string }[] }>(c.client, 'gateway.health');
    expect(health.body.servers.find((s) => s.name === 'everything')).toMatchObject({ startup_skip_reason: 'untrusted_project', next_step: expect.stringContaining('gatehouse trust approve') });
    const status = await callMeta<{ entries: Record<string, unknown>[]; sources: Record<string, unknown>[] }>(c.client, 'gateway.config_status');
    expect(status.body.sources[0]).toMatchObject({ source: 'project', path: file, trust: 'not_approved', sha256: sha256(readFileSync(file)) });
    expect(status.body.entries.find((e) => e.name === 'everything')).toMatchObject({ startup_policy: 'skipped', startup_skip_reason: 'untrusted_project', next_step: expect.stringContaining(file) });
  });

  it('shadows nothing: a user definition of the same name is used instead', async () => {
    workspace = createWorkspace();
    workspace.writeConfig({ mcpServers: { everything: { command: '/nonexistent/evil-binary' } } }, undefined, { approve: false });
    writeFileSync(join(workspace.home, '.mcp.json'), JSON.stringify({ mcpServers: { everything: everythingServer() } }));
    core = await startCore(workspace);
    expect(await rowOf(core, 'everything')).toMatchObject({ source: 'user', startup_skip_reason: null });
    expect(await invoke(core.client, 'everything::echo', { message: 'from the user config' })).toMatchObject({ ok: true });
  });
});

describe('approval from the panel API', () => {
  it('approves the reviewed bytes, refuses a stale review, and withdraws trust on edit and on revoke', async () => {
    const { file, core: c } = await coreWithUnapproved({ mcpServers: { everything: everythingServer() } });
    const report = await c.gatehouse.api.listProjectTrust({});
    const review = report.files[0];
    expect(review).toMatchObject({ path: file, kind: 'mcp_config', state: 'not_approved', approved_sha256: null, problems: [] });
    expect(review?.servers).toEqual([{ name: 'everything', launches: [process.execPath, ...everythingServer().args].join(' '), cwd: workspace.project, variables: [], references: [], replaces: null }]);

    // Reviewed, then changed on disk before the click: refused, nothing stored.
    const reviewed = review?.sha256 as string;
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n`);
    const stale = await c.gatehouse.api.approveProjectFile({ path: file, sha256: reviewed });
    expect(stale.ok).toBe(false);
    expect(stale.message).toContain('changed since it was reviewed');
    expect(listApprovals(workspace.stateDir).files).toEqual([]);

    // A file outside the project's trust-gated files cannot be approved through the panel.
    const outside = await c.gatehouse.api.approveProjectFile({ path: join(workspace.home, '.mcp.json'), sha256: reviewed });
    expect(outside).toMatchObject({ ok: false, message: expect.stringContaining('is not a trust-gated file of the current project') });

    const current = (await c.gatehouse.api.listProjectTrust({})).files[0]?.sha256 as string;
    const approved = await c.gatehouse.api.approveProjectFile({ path: file, sha256: current });
    expect(approved).toMatchObject({ ok: true, report: { files: [{ state: 'approved', approved_sha256: current }] } });
    expect(await invoke(c.client, 'everything::echo', { message: 'approved' })).toMatchObject({ ok: true, text: 'Echo: approved' });
    const pid = (await rowOf(c, 'everything'))?.pid as number;
    expect(processAlive(pid)).toBe(true);

    // An edit withdraws the trust: the running child is stopped and the server is skipped again.
    writeFileSync(file, JSON.stringify({ mcpServers: { everything: everythingServer() }, autoStart: [] }));
    await waitFor(async () => (await rowOf(c, 'everything'))?.startup_skip_reason === 'untrusted_project', 'the edited file to be untrusted');
    await waitFor(() => !processAlive(pid), 'the child of the withdrawn file to stop');
    expect((await c.gatehouse.api.listProjectTrust({})).files[0]).toMatchObject({ state: 'changed', approved_sha256: current });
    expect(await invoke(c.client, 'everything::echo', { message: 'edited' })).toMatchObject({ ok: false, code: 'E404' });
    expect((await invoke(c.client, 'everything::echo')).message).toContain('changed since the operator approved it');

    const again = (await c.gatehouse.api.listProjectTrust({})).files[0]?.sha256 as string;
    expect((await c.gatehouse.api.approveProjectFile({ path: file, sha256: again })).ok).toBe(true);
    expect(await invoke(c.client, 'everything::echo', { message: 'again' })).toMatchObject({ ok: true });
    const revoked = await c.gatehouse.api.revokeProjectFile({ path: file });
    expect(revoked).toMatchObject({ ok: true, report: { files: [{ state: 'not_approved' }] } });
    expect(await invoke(c.client, 'everything::echo', { message: 'revoked' })).toMatchObject({ ok: false, code: 'E404' });
  });

  it('pushes the trust report to the panel on every reload', async () => {
    const { file, core: c } = await coreWithUnapproved({ mcpServers: { everything: everythingServer() } });
    const pushed: string[] = [];
    c.gatehouse.events.on('projectTrustChanged', (report) => pushed.push(report.files[0]?.state ?? 'none'));
    const digest = (await c.gatehouse.api.listProjectTrust({})).files[0]?.sha256 as string;
    await c.gatehouse.api.approveProjectFile({ path: file, sha256: digest });
    expect(pushed).toContain('approved');
  });
});

describe('gateway.set_startup_policy on an approved project file', () => {
  it('keeps the file approved: the write changes only autoStart', async () => {
    workspace = createWorkspace();
    const file = workspace.writeConfig({ mcpServers: { everything: everythingServer() } });
    core = await startCore(workspace);
    const set = await callMeta(core.client, 'gateway.set_startup_policy', { operation: 'add', names: ['everything'], source: 'project', apply: true, dry_run: false });
    expect(set.body).toMatchObject({ ok: true });
    expect(JSON.parse(readFileSync(file, 'utf8')).autoStart).toEqual(['everything']);
    expect((await core.gatehouse.api.listProjectTrust({})).files[0]).toMatchObject({ state: 'approved', sha256: sha256(readFileSync(file)) });
  });
});
