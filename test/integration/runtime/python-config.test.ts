// A Python script server named in .mcp.json (`gatehouse.python`), started by a real core through
// `uv run --script` from a prepared cache, offline: listed, called through gateway.invoke, stopped.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCore, type CoreUnderTest } from '../../helpers/core';
import { invoke } from '../../helpers/invoke';
import { createWorkspace, type Workspace } from '../../helpers/workspace';
import { copyFixture, prepareSmokeCache, PREPARE_TIMEOUT_MS, SMOKE_CACHE, smokeEnv, smokePython } from './helpers/python';

let workspace: Workspace;
let core: CoreUnderTest;
beforeAll(async () => {
  await prepareSmokeCache();
  workspace = createWorkspace();
  const root = copyFixture(`${workspace.root}/runtime`);
  workspace.writeConfig({
    mcpServers: {
      notes: {
        command: 'uv',
        args: ['run', '--script', 'server.py'],
        gatehouse: { python: { script: 'server.py', root, offline: true, cacheDir: SMOKE_CACHE, python: smokePython() } },
      },
      broken: { command: 'uv', gatehouse: { python: { script: '../outside.py', root } } },
    },
  });
  core = await startCore(workspace, smokeEnv({ HOME: workspace.home }));
}, PREPARE_TIMEOUT_MS);
afterAll(async () => {
  await core?.close();
  workspace?.cleanup();
});

it('starts the script through uv and relays its tools', async () => {
  const started = await core.gatehouse.api.startServer({ name: 'notes' });
  expect(started).toMatchObject({ ok: true, row: { status: 'online', transport: 'stdio' } });
  expect(await invoke(core.client, 'notes::echo', { message: 'from python' })).toMatchObject({ ok: true, text: 'from python' });
});

it('refuses an unsafe script path before spawning anything', async () => {
  const started = await core.gatehouse.api.startServer({ name: 'broken' });
  expect(started.ok).toBe(false);
  expect(started.message).toContain('must be a plain relative path inside the runtime root');
  expect(started.row?.pid).toBeNull();
});
