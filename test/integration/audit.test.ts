// Sessions the HTTP layer does not see (stdio, in-process) are audited too: each finished meta-tool
// call appears in gateway.health's audit_events of that session only, newest first, in PMCP's shape.
import { expect, it } from 'vitest';
import { coreForFile } from '../helpers/core';
import { invoke } from '../helpers/invoke';
import { callMeta } from '../helpers/meta';
import { faultServer } from '../helpers/workspace';

const shared = coreForFile({ mcpServers: { fault: faultServer() } });

type Health = { audit_events: { timestamp: string; method: string; tool_id: string; server_name: string; outcome: string; action: string }[] };

it('records calls of this session, not of another', async () => {
  await invoke(shared.core.client, 'fault::echo', { message: 'audited' });
  await invoke(shared.core.client, 'fault::nope');
  const { body } = await callMeta<Health>(shared.core.client, 'gateway.health');
  expect(body.audit_events.slice(0, 2)).toEqual([
    expect.objectContaining({ method: 'tools/call', action: 'invoke', tool_id: 'fault::nope', server_name: 'fault', outcome: 'failure' }),
    // auth_state in the auth-fields vocabulary (§2.2); how the caller reached Gatehouse is the auth_event.
    expect.objectContaining({ method: 'tools/call', action: 'invoke', tool_id: 'fault::echo', server_name: 'fault', outcome: 'success', timestamp: expect.any(String), auth_state: 'none', auth_event: 'local' }),
  ]);
  await callMeta(shared.core.client, 'gateway.list_pending');
  const again = await callMeta<Health>(shared.core.client, 'gateway.health');
  expect(again.body.audit_events.find((e) => e.tool_id === 'gateway.list_pending')).toMatchObject({ action: 'list_pending' });
  const other = await shared.core.connect();
  const theirs = await callMeta<Health>(other, 'gateway.health');
  expect(theirs.body.audit_events.some((e) => e.tool_id === 'fault::echo')).toBe(false);
});
