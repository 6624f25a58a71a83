// SEP-2243 through the gateway: a strict 2026-07-28 remote server whose tool declares an `x-mcp-header`
// parameter refuses a call without the matching `Mcp-Param-*` header (400 / -32020). Gatehouse's
// downstream call must send it, as the SDK's own callTool does.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCore, waitFor, type CoreUnderTest } from '../../helpers/core';
import { invoke } from '../../helpers/invoke';
import { createWorkspace, REPO_ROOT, type Workspace } from '../../helpers/workspace';

let workspace: Workspace;
let core: CoreUnderTest;
let remote: ChildProcess;

beforeAll(async () => {
  remote = spawn(process.execPath, [join(REPO_ROOT, 'out/fixtures/param-header-server.mjs')], { env: { PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'inherit'] });
  let printed = '';
  remote.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const port = await waitFor(() => /listening (\d+)/.exec(printed)?.[1], 'the param-header server to listen');
  workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: { regions: { type: 'http', url: `http://127.0.0.1:${port}/mcp` } } });
  core = await startCore(workspace, { PATH: process.env.PATH, HOME: workspace.home });
});
afterAll(async () => {
  await core?.close();
  remote?.kill();
  workspace?.cleanup();
});

it('sends the Mcp-Param header a 2026-07-28 tool declares, so the call is served', async () => {
  const outcome = await invoke(core.client, 'regions::lookup', { region: 'eu-west', query: 'invoices' });
  expect(outcome).toMatchObject({ ok: true, text: 'region=eu-west query=invoices' });
  const row = (await core.gatehouse.api.listHealth({})).rows.find((r) => r.name === 'regions');
  expect(row).toMatchObject({ status: 'online', protocol_version: '2026-07-28' });
});
