// Correlation ids on gateway.invoke (contract §2.3): all three or none, 64 hex each; they reach the audit
// (and gateway.health's audit_events) and nothing else.
import { expect, it } from 'vitest';
import { coreForFile } from '../../helpers/core';
import { callMeta } from '../../helpers/meta';
import { faultServer } from '../../helpers/workspace';

const shared = coreForFile({ mcpServers: { fault: faultServer() } });

const IDS = {
  run_correlation_id: 'a'.repeat(64),
  seat_correlation_id: 'b'.repeat(64),
  evidence_label_digest: 'c'.repeat(64),
};

const invoke = (extra: Record<string, unknown>) =>
  shared.core.client.callTool({ name: 'gateway.invoke', arguments: { tool_id: 'fault::echo', arguments: { message: 'hi' }, ...extra } });
const textOf = (result: Awaited<ReturnType<typeof invoke>>) => (result.content[0]?.type === 'text' ? result.content[0].text : '');

it('records all three in the audit and shows them in gateway.health audit_events', async () => {
  const result = await invoke(IDS);
  expect(result.isError).toBeFalsy();
  const event = shared.core.gatehouse.audit.getAuditEvents().filter((e) => e.tool === 'fault::echo').at(-1);
  expect(event?.correlation).toEqual(IDS);
  const health = await callMeta<{ audit_events: Record<string, unknown>[] }>(shared.core.client, 'gateway.health');
  expect(health.body.audit_events.find((e) => e.tool_id === 'fault::echo')).toMatchObject(IDS);
});

it('refuses some-but-not-all and malformed ids before anything runs, naming the fields', async () => {
  const partial = await invoke({ run_correlation_id: IDS.run_correlation_id });
  expect(partial.isError).toBe(true);
  expect(textOf(partial)).toBe('Input validation error: seat_correlation_id, evidence_label_digest: required with run_correlation_id (give all three correlation fields or none)');
  const malformed = await invoke({ ...IDS, seat_correlation_id: 'B'.repeat(64) });
  expect(textOf(malformed)).toBe('Input validation error: seat_correlation_id: must be 64 lowercase hex characters');
});

it('leaves the audit without correlation when none is given', async () => {
  await invoke({});
  expect(shared.core.gatehouse.audit.getAuditEvents().filter((e) => e.tool === 'fault::echo').at(-1)?.correlation).toBeNull();
});
