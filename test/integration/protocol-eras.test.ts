// Gatehouse speaks both protocol eras to its children: it probes with server/discover and gets the
// 2026-07-28 stateless era from a server that offers it, and falls back to the 2025-11-25 handshake
// for one that does not. Calls, progress and cancellation work in both.
import { describe, expect, it } from 'vitest';
import { coreForFile, waitFor } from '../helpers/core';
import { invoke } from '../helpers/invoke';
import { callMeta } from '../helpers/meta';
import { faultServer } from '../helpers/workspace';

const shared = coreForFile({ mcpServers: { modern: faultServer({ FAULT_ERA: 'modern' }), legacy: faultServer() } });

describe.each([
  ['modern', '2026-07-28'],
  ['legacy', '2025-11-25'],
])('%s child', (name, era) => {
  it(`negotiates ${era}`, async () => {
    const started = await shared.core.gatehouse.api.startServer({ name });
    expect(started.ok).toBe(true);
    expect(started.row?.protocol_version).toBe(era);
  });

  it('answers calls and relays progress', async () => {
    expect(await invoke(shared.core.client, `${name}::echo`, { message: era })).toMatchObject({ ok: true, text: era });
    const seen: number[] = [];
    const result = await shared.core.client.callTool(
      { name: 'gateway.invoke', arguments: { tool_id: `${name}::slow`, arguments: { ms: 400 } } },
      { onprogress: (p) => seen.push(p.progress) },
    );
    expect(result.isError).toBeFalsy();
    expect(seen.length).toBeGreaterThanOrEqual(2);
  });

  it('tells the child to stop a timed-out call', async () => {
    expect(await invoke(shared.core.client, `${name}::silent`, {}, { timeout_ms: 1000 })).toMatchObject({ code: 'E303' });
    await waitFor(async () => {
      const { body } = await callMeta<{ servers: { name: string; stderr_tail: string[] }[] }>(shared.core.client, 'gateway.health', { verbose: true });
      return body.servers.find((s) => s.name === name)?.stderr_tail.some((l) => l.startsWith('cancelled request'));
    }, `${name} to see the cancellation`);
  });
});
