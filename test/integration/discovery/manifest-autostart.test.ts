// autoStart naming manifest servers, through a whole core (contract §2.4, §4.5): a manifest server whose
// credentials resolve is provisioned for the run and started eagerly (nothing written to
// provisioned.json); one whose credential is missing is skipped with missing_auth before anything is
// spawned; a provisioned server that autoStart names turns eager on refresh.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCore, waitFor, type CoreUnderTest } from '../../helpers/core';
import { invoke } from '../../helpers/invoke';
import { remoteManifest, startLoopbackEverything, USER_MANIFEST, type LoopbackServer } from '../../helpers/loopback-everything';
import { callMeta } from '../../helpers/meta';
import { createWorkspace, type Workspace } from '../../helpers/workspace';

type Entry = { name: string; [field: string]: unknown };

let workspace: Workspace;
let core: CoreUnderTest;
let remote: LoopbackServer;

beforeAll(async () => {
  remote = await startLoopbackEverything();
  workspace = createWorkspace();
  const manifest = join(workspace.home, USER_MANIFEST);
  mkdirSync(dirname(manifest), { recursive: true });
  writeFileSync(manifest, remoteManifest(remote.url, { notes: {}, spare: {} }));
  // github (built-in manifest) needs GITHUB_PERSONAL_ACCESS_TOKEN, which this environment does not have.
  workspace.writeConfig({ mcpServers: {}, autoStart: ['notes', 'github'] });
  core = await startCore(workspace, { PATH: process.env.PATH, HOME: workspace.home });
});
afterAll(async () => {
  await core?.close();
  remote?.close();
  workspace?.cleanup();
});

const row = async (name: string) => (await core.gatehouse.api.listHealth({})).rows.find((r) => r.name === name);
const entry = async (name: string) => (await callMeta<{ entries: Entry[] }>(core.client, 'gateway.config_status')).body.entries.find((e) => e.name === name);

it('starts an autoStart manifest server eagerly, for this run only', async () => {
  await waitFor(async () => (await row('notes'))?.status === 'online', 'notes to come online at start-up');
  expect(await invoke(core.client, 'notes::echo', { message: 'eager' })).toMatchObject({ ok: true, text: 'Echo: eager' });
  expect(await entry('notes')).toMatchObject({ startup_policy: 'eager', startup_source: 'project', configured: false, manifest: true, provisioned: false });
  expect(existsSync(join(workspace.stateDir, 'provisioned.json'))).toBe(false);
  // Not a stale autoStart: no config issue, no log line saying no source defines it.
  expect(await core.gatehouse.api.listConfigIssues({})).toEqual([]);
  expect(core.logs.join('\n')).not.toContain('which no config source defines');
});

it('skips an autoStart manifest server whose credential is missing, spawning nothing', async () => {
  // The credential lookup (environment, then keychain) runs before any spawn.
  const github = await waitFor(async () => ((await row('github'))?.status === 'starting' ? undefined : row('github')), 'github to settle');
  expect(github).toMatchObject({ status: 'auth_required', startup_policy: 'skipped', startup_skip_reason: 'missing_auth', missing_env_vars: ['GITHUB_PERSONAL_ACCESS_TOKEN'], pid: null });
  const { body } = await callMeta<{ diagnostics: { code: string }[] }>(core.client, 'gateway.get_startup_policy');
  expect(body.diagnostics.map((d) => d.code)).not.toContain('stale_auto_start');
});

it('a provisioned server that autoStart names turns eager on refresh', async () => {
  const { body: connected } = await callMeta<{ ok: boolean }>(core.client, 'gateway.connect_server', { server_name: 'spare' });
  expect(connected.ok).toBe(true);
  expect(await entry('spare')).toMatchObject({ startup_policy: 'lazy', startup_source: 'provisioned', provisioned: true });
  await callMeta(core.client, 'gateway.set_startup_policy', { operation: 'add', names: ['notes', 'github', 'spare'], source: 'project', apply: true, dry_run: false });
  await callMeta(core.client, 'gateway.refresh');
  expect(await entry('spare')).toMatchObject({ startup_policy: 'eager', startup_source: 'project', provisioned: true });
});
