// Progress that arrives in the same stdout chunk as the result must still reach the caller: the fixture
// writes every progress notification and the answer back to back, with no pause between them.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCore, type CoreUnderTest } from '../helpers/core';
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

it('relays every progress notification of a burst, in order', async () => {
  for (let round = 0; round < 5; round++) {
    const seen: number[] = [];
    const result = await core.client.callTool(
      { name: 'gateway.invoke', arguments: { tool_id: 'fault::burst', arguments: { steps: 4 } } },
      { onprogress: (p) => seen.push(p.progress) },
    );
    expect(result.isError).toBeFalsy();
    expect(seen).toEqual([1, 2, 3, 4]);
  }
});
