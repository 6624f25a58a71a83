// Provisioning through a whole core: the installed server joins the core's own server set (through
// gateway.refresh's reload), so gateway.invoke reaches it right after the job completes.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCore, waitFor, type CoreUnderTest } from '../../helpers/core';
import { invoke } from '../../helpers/invoke';
import { callMeta } from '../../helpers/meta';
import { createWorkspace, type Workspace } from '../../helpers/workspace';

let workspace: Workspace;
let core: CoreUnderTest;
beforeAll(async () => {
  workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: {} });
  core = await startCore(workspace, { PATH: process.env.PATH, HOME: workspace.home, npm_config_cache: process.env.npm_config_cache });
});
afterAll(async () => {
  await core?.close();
  workspace?.cleanup();
});

it('provisions a manifest server and invokes it through the gateway', async () => {
  const { body: started } = await callMeta<{ ok: boolean; status: string; job_id: string }>(core.client, 'gateway.provision', { server_name: 'everything' });
  expect(started).toMatchObject({ ok: true, status: 'started' });
  const done = await waitFor(async () => {
    const { body } = await callMeta<{ status: string; message: string }>(core.client, 'gateway.provision_status', { job_id: started.job_id });
    return ['complete', 'failed', 'timeout'].includes(body.status) ? body : undefined;
  }, 'the install job', 120_000);
  expect(done.status, done.message).toBe('complete');
  expect(await invoke(core.client, 'everything::echo', { message: 'provisioned' })).toMatchObject({ ok: true, text: 'Echo: provisioned' });
  expect((await core.gatehouse.api.listHealth({})).rows.map((r) => r.name)).toContain('everything');
}, 150_000);
