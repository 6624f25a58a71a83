// Sessions the HTTP layer does not see (in-process here, stdio alike) land in audit.jsonl too: the core's
// ring persists every event it stores, in the core's own state folder.
import { expect, it } from 'vitest';
import { flushOpenFiles } from '../../../src/main/logs/rotating-file';
import { coreForFile } from '../../helpers/core';
import { invoke } from '../../helpers/invoke';
import { faultServer } from '../../helpers/workspace';
import { auditEvents } from './support';

const shared = coreForFile({ mcpServers: { fault: faultServer() } });

it('writes one event per gateway.invoke of an in-process session, the same the ring holds', async () => {
  await invoke(shared.core.client, 'fault::echo', { message: 'first' });
  await invoke(shared.core.client, 'fault::echo', { message: 'second' });
  await invoke(shared.core.client, 'fault::nope');
  await flushOpenFiles();
  const written = auditEvents(shared.workspace).filter((e) => e.method === 'tools/call' && e.server === 'fault');
  expect(written.map((e) => [e.tool, e.outcome])).toEqual([
    ['fault::echo', 'ok'],
    ['fault::echo', 'ok'],
    ['fault::nope', 'tool_error'],
  ]);
  expect(written[0]).toMatchObject({ principal: 'local', auth_state: 'local', session_id: expect.any(String) });
  const ring = shared.core.gatehouse.audit.getAuditEvents().filter((e) => e.method === 'tools/call' && e.server === 'fault');
  expect(written).toEqual(ring);
});
