// Editing .mcp.json while the gateway runs: a malformed edit is reported with file, line and field and
// the gateway keeps the last good config; a fixed edit is applied without restarting unchanged servers.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ConfigIssue } from '../../src/shared/domain';
import { startCore, waitFor, type CoreUnderTest } from '../helpers/core';
import { createWorkspace, faultServer, type Workspace } from '../helpers/workspace';

let workspace: Workspace;
let core: CoreUnderTest | undefined;

beforeEach(() => {
  workspace = createWorkspace();
});
afterEach(async () => {
  await core?.close();
  core = undefined;
  workspace.cleanup();
});

it('keeps serving the last good config through a malformed edit, then applies the fix', async () => {
  const path = workspace.writeConfig({ mcpServers: { alpha: faultServer() } });
  core = await startCore(workspace);
  const issues: ConfigIssue[][] = [];
  core.gatehouse.events.on('configIssuesChanged', (list) => issues.push(list));
  const started = await core.gatehouse.api.startServer({ name: 'alpha' });
  expect(started.ok).toBe(true);
  const pid = started.row?.pid;

  workspace.writeConfig('{\n  "mcpServers": {\n    "alpha": { "command": "node", }\n  }\n}\n');
  const reported = await waitFor(() => issues.find((list) => list.length > 0), 'config issue event');
  expect(reported[0]).toMatchObject({ source: 'project', path, line: 3 });
  expect(reported[0]?.message).toContain('invalid JSON');
  let rows = (await core.gatehouse.api.listHealth({})).rows;
  expect(rows).toEqual([expect.objectContaining({ name: 'alpha', status: 'online', pid })]);

  workspace.writeConfig({ mcpServers: { alpha: faultServer(), beta: { command: 'node', args: 'not-an-array' } } });
  const fieldIssue = await waitFor(() => issues.at(-1)?.find((i) => i.field === 'mcpServers.beta.args'), 'field issue');
  expect(fieldIssue.line).toBe(12);
  expect(fieldIssue.message).toContain('server "beta"');

  workspace.writeConfig({ mcpServers: { alpha: faultServer(), gamma: faultServer() } });
  await waitFor(async () => (await core!.gatehouse.api.listHealth({})).rows.some((r) => r.name === 'gamma'), 'gamma added');
  rows = (await core.gatehouse.api.listHealth({})).rows;
  // alpha's definition did not change, so its process was kept.
  expect(rows.find((r) => r.name === 'alpha')).toMatchObject({ status: 'online', pid });
  expect(rows.find((r) => r.name === 'gamma')).toMatchObject({ status: 'lazy' });
  expect(await core.gatehouse.api.listConfigIssues({})).toEqual([]);
});
