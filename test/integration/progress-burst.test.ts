// Progress that arrives in the same stdout chunk as the result must still reach the caller: the fixture
// writes every progress notification and the answer back to back, with no pause between them.
import { expect, it } from 'vitest';
import { coreForFile } from '../helpers/core';
import { faultServer } from '../helpers/workspace';

const shared = coreForFile({ mcpServers: { fault: faultServer() } });

it('relays every progress notification of a burst, in order', async () => {
  for (let round = 0; round < 5; round++) {
    const seen: number[] = [];
    const result = await shared.core.client.callTool(
      { name: 'gateway.invoke', arguments: { tool_id: 'fault::burst', arguments: { steps: 4 } } },
      { onprogress: (p) => seen.push(p.progress) },
    );
    expect(result.isError).toBeFalsy();
    expect(seen).toEqual([1, 2, 3, 4]);
  }
});
