// `gatehouse refresh` against a real `gatehouse serve --transport http`: it finds the gateway through
// instance.json (or --port), reloads an edited config, is refused while a call is pending, cancels that
// call with --force, and exits 1 with a clear message when no gateway runs.
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { requireBuild, startHttpCli, type RunningGateway } from '../../helpers/cli-process';
import { invoke } from '../../helpers/invoke';
import { callMeta } from '../../helpers/meta';
import { waitFor } from '../../helpers/wait';
import { CLI_ENTRY, createWorkspace, faultServer, type Workspace } from '../../helpers/workspace';
import { connectHttp, runRefresh, spawnCli } from './support';

interface Health {
  servers: { name: string; status: string }[];
}

beforeAll(requireBuild);

let workspace: Workspace;
let gateway: RunningGateway | undefined;
let client: Client | undefined;
beforeEach(() => {
  workspace = createWorkspace();
});
afterEach(async () => {
  await client?.close();
  await gateway?.stop();
  client = undefined;
  gateway = undefined;
  workspace.cleanup();
});

async function serve(): Promise<void> {
  gateway = await startHttpCli({ project: workspace.project, home: workspace.home });
  client = await connectHttp(gateway.url);
}

it('reloads an edited config: the new server joins the running gateway', async () => {
  workspace.writeConfig({ mcpServers: { fault: faultServer() } });
  await serve();
  workspace.writeConfig({ mcpServers: { fault: faultServer(), second: faultServer() }, autoStart: ['second'] });
  // No --port: the gateway is the one instance.json announces.
  const run = await runRefresh(workspace, []);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(run.stdout).toContain(`Refreshed the gateway at ${gateway!.url.href}`);
  expect(run.stdout).toMatch(/2 server\(s\) known/);
  const health = await callMeta<Health>(client!, 'gateway.health');
  expect(health.body.servers.map((s) => s.name).sort()).toEqual(['fault', 'second']);
  expect((await invoke(client!, 'second::echo', { message: 'hello' })).text).toBe('hello');
});

it('is refused while a call is pending; --force cancels it and reloads', async () => {
  workspace.writeConfig({ mcpServers: { fault: faultServer() } });
  await serve();
  const port = gateway!.url.port;
  const pending = invoke(client!, 'fault::silent');
  await waitFor(async () => (await callMeta<{ total_pending: number }>(client!, 'gateway.list_pending')).body.total_pending === 1, 'the silent call to be pending');

  const refused = await runRefresh(workspace, ['--port', port]);
  expect(refused.code).toBe(1);
  expect(refused.stdout).toBe('');
  expect(refused.stderr).toContain('refresh refused: 1 request(s) pending and 0 task(s) active');
  expect(refused.stderr).toContain('gatehouse refresh --force');

  const json = await runRefresh(workspace, ['--port', port, '--json']);
  expect(json.code).toBe(1);
  expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, pending_requests_refused: 1 });

  const forced = await runRefresh(workspace, ['--port', port, '--force']);
  expect(forced.code).toBe(0);
  expect(forced.stdout).toContain('cancelled: 1 pending request(s), 0 task(s) (--force)');
  const outcome = await pending;
  expect(outcome.ok).toBe(false);
  expect((await callMeta<{ total_pending: number }>(client!, 'gateway.list_pending')).body.total_pending).toBe(0);
});

it('exits 1 saying no gateway runs there, as a real process', async () => {
  // A port nobody listens on, and no instance.json in this workspace.
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  // No npm around it and no `gatehouse` on PATH (an empty folder): the hint says `npx gatehouse`.
  const emptyPath = join(workspace.root, 'no-bin');
  mkdirSync(emptyPath);
  const run = await spawnCli(CLI_ENTRY, workspace, ['refresh', '--port', String(port)], { PATH: emptyPath }).done;
  expect(run.code).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr).toBe(`gatehouse: no gateway is running at http://127.0.0.1:${port}/mcp; start one with "npx gatehouse serve --transport http" (or the desktop app), or pass --port\n`);
  const usage = await spawnCli(CLI_ENTRY, workspace, ['refresh', '--source', 'elsewhere']).done;
  expect(usage.code).toBe(64);
  expect(usage.stderr).toContain('--source must be "claude_config" or "custom"');
});
