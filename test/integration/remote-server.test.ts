// A remote server over streamable HTTP (server-everything in its HTTP mode, on loopback): connected
// through the SDK client with `${VAR}`-resolved headers, called through gateway.invoke, and reported as
// needing credentials when a header variable has no value.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCore, type CoreUnderTest } from '../helpers/core';
import { invoke } from '../helpers/invoke';
import { startLoopbackEverything, type LoopbackServer } from '../helpers/loopback-everything';
import { createWorkspace, type Workspace } from '../helpers/workspace';

let workspace: Workspace;
let core: CoreUnderTest;
let remote: LoopbackServer;

beforeAll(async () => {
  remote = await startLoopbackEverything();
  const url = remote.url;
  workspace = createWorkspace();
  workspace.writeConfig({
    mcpServers: {
      remote: { type: 'http', url, headers: { Authorization: 'Bearer ${GATEHOUSE_TEST_REMOTE_TOKEN}' } },
      locked: { type: 'http', url, headers: { Authorization: 'Bearer ${GATEHOUSE_TEST_UNSET_REMOTE_TOKEN}' } },
    },
  });
  core = await startCore(workspace, { PATH: process.env.PATH, HOME: workspace.home, GATEHOUSE_TEST_REMOTE_TOKEN: 'remote-test-token' });
});
afterAll(async () => {
  await core?.close();
  remote?.close();
  workspace?.cleanup();
});

it('calls a remote tool through the gateway', async () => {
  expect(await invoke(core.client, 'remote::echo', { message: 'over http' })).toMatchObject({ ok: true, text: 'Echo: over http' });
  const row = (await core.gatehouse.api.listHealth({})).rows.find((r) => r.name === 'remote');
  expect(row).toMatchObject({ status: 'online', transport: 'http', pid: null, protocol_version: '2025-11-25' });
  expect(row?.tool_count).toBeGreaterThanOrEqual(13);
});

it('names a header variable that has no value instead of connecting without it', async () => {
  const outcome = await invoke(core.client, 'locked::echo', { message: 'x' });
  expect(outcome).toMatchObject({ ok: false, code: 'E201', details: { missing_env_vars: ['GATEHOUSE_TEST_UNSET_REMOTE_TOKEN'] } });
  const row = (await core.gatehouse.api.listHealth({})).rows.find((r) => r.name === 'locked');
  expect(row?.status).toBe('auth_required');
});
