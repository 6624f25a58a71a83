// Sessions the HTTP layer does not see (stdio, in-process) are audited too: each finished meta-tool
// call appears in gateway.health's audit_events of that session only, newest first, in PMCP's shape.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCore, type CoreUnderTest } from '../helpers/core';
import { invoke } from '../helpers/invoke';
import { callMeta } from '../helpers/meta';
import { createWorkspace, faultServer, type Workspace } from '../helpers/workspace';

let workspace: Workspace;
let core: CoreUnderTest;
beforeAll(async () => {
  workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: { fault: faultServer() } });
  core = await startCore(workspace);
});
afterAll(async () => {
  await core?.close();
  workspace?.cleanup();
});

type Health = { audit_events: { timestamp: string; method: string; tool_id: string; server_name: string; outcome: string }[] };

it('records calls of this session, not of another', async () => {
  await invoke(core.client, 'fault::echo', { message: 'audited' });
  await invoke(core.client, 'fault::nope');
  const { body } = await callMeta<Health>(core.client, 'gateway.health');
  expect(body.audit_events.slice(0, 2)).toEqual([
    expect.objectContaining({ method: 'tools/call', tool_id: 'fault::nope', server_name: 'fault', outcome: 'failure' }),
    expect.objectContaining({ method: 'tools/call', tool_id: 'fault::echo', server_name: 'fault', outcome: 'success', timestamp: expect.any(String) }),
  ]);
  const other = await core.connect();
  const theirs = await callMeta<Health>(other, 'gateway.health');
  expect(theirs.body.audit_events.some((e) => e.tool_id === 'fault::echo')).toBe(false);
});
