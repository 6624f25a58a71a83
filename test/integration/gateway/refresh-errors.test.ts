// gateway.refresh reports problems as GatewayError entries (contract §2.1): a policy that stops parsing
// makes the refresh ok:false with E102 (contract §5), a broken config file gives E101 with its line.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startCore, type CoreUnderTest } from '../../helpers/core';
import { callMeta } from '../../helpers/meta';
import { createWorkspace, faultServer, type Workspace } from '../../helpers/workspace';
import type { ErrorEntry } from '../../../src/main/gateway/envelope';

let workspace: Workspace;
let core: CoreUnderTest | undefined;
afterEach(async () => {
  await core?.close();
  workspace.cleanup();
});


it('answers ok:false with E102 when the policy became invalid, and E101 entries for a broken config', async () => {
  workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: { fault: faultServer() } });
  const config = join(workspace.home, '.config');
  mkdirSync(join(config, 'gatehouse'), { recursive: true });
  writeFileSync(join(config, 'gatehouse', 'policy.yaml'), 'servers:\n  denylist: []\n');
  core = await startCore(workspace, { ...process.env, XDG_CONFIG_HOME: config });
  expect((await callMeta<{ ok: boolean; errors: ErrorEntry[] }>(core.client, 'gateway.refresh')).body).toMatchObject({ ok: true, errors: [] });

  writeFileSync(join(config, 'gatehouse', 'policy.yaml'), 'servers:\n  denlist: []\n');
  writeFileSync(join(workspace.home, '.mcp.json'), '{ "mcpServers": { "x": { "command": 1 } } }');
  const refreshed = await callMeta<{ ok: boolean; errors: ErrorEntry[] }>(core.client, 'gateway.refresh');
  expect(refreshed.body.ok).toBe(false);
  const [policy, ...config101] = refreshed.body.errors;
  expect(policy).toMatchObject({ code: 'E102', message: expect.stringContaining('policy.yaml') });
  expect(config101[0]).toMatchObject({ code: 'E101', message: expect.stringContaining(join(workspace.home, '.mcp.json')), details: { line: 1 } });
});
