// The Python fixture started the way the supervisor will start a Python script server: the launch
// spec from pythonLaunchSpec, handed as a stdio definition to the supervisor's own openConnection
// (real SDK client, in whichever era its connect sequence negotiates), listed, called and stopped with its whole process group.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StdioServerDefinition } from '../../../src/main/config/types';
import { pythonLaunchSpec } from '../../../src/main/runtime/launch';
import { PythonEntrySchema, pythonServerSpec } from '../../../src/main/runtime/python-entry';
import { buildChildEnv } from '../../../src/main/common/child-env';
import { openConnection } from '../../../src/main/supervisor/connect';
import { LogRing } from '../../../src/main/supervisor/log-ring';
import { killServerTree } from '../../../src/main/supervisor/stdio-process';
import { waitFor } from '../../helpers/wait';
import { copyFixture, FIXTURE, prepareSmokeCache, PREPARE_TIMEOUT_MS, SMOKE_CACHE, smokeEnv, smokePython } from './helpers/python';

let base: string;
beforeAll(async () => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'gatehouse-launch-')));
  await prepareSmokeCache();
}, PREPARE_TIMEOUT_MS);
afterAll(() => rmSync(base, { recursive: true, force: true }));

async function definitionFor(entry: Record<string, unknown>, configDir = FIXTURE, env: Record<string, string> = {}): Promise<StdioServerDefinition> {
  const spec = pythonServerSpec('smoke', PythonEntrySchema.parse(entry), env, configDir);
  const gatewayEnv = smokeEnv();
  const launch = await pythonLaunchSpec(spec, { gatewayEnv, childEnv: buildChildEnv(gatewayEnv, env).env, dataDir: join(base, 'data') });
  if (!launch.ok) throw Object.assign(new Error(launch.issue.message), { issue: launch.issue });
  // The supervisor adds its allowlist to `env` again; everything uv needs is in here already.
  return { name: 'smoke', source: 'project', sourcePath: null, startupPolicy: 'lazy', transport: 'stdio', command: launch.value.command, args: launch.value.args, env: launch.value.env, cwd: launch.value.cwd };
}

describe('a Python script server through the supervisor', () => {
  it('connects with the SDK client, lists and calls tools, and stops the whole group', async () => {
    const definition = await definitionFor({ script: 'server.py', offline: true, cacheDir: SMOKE_CACHE, python: smokePython() });
    const stderr = new LogRing();
    const connection = await openConnection(definition, { gatewayEnv: smokeEnv(), stderr, timeoutMs: 120_000, onTransportError: () => undefined });
    try {
      // The connect sequence probes server/discover first, then falls back to initialize: either era is fine.
      expect(['2025-11-25', '2026-07-28']).toContain(connection.client.getNegotiatedProtocolVersion());
      const tools = await connection.client.listTools();
      expect(tools.tools.map((t) => t.name)).toEqual(['echo', 'escape_secrets', 'escape_network']);
      // Progress is asserted at the stdio boundary by the golden smoke: the SDK client drops
      // notifications that arrive in the same stdout chunk as their response (reported to the owner).
      const result = await connection.client.callTool({ name: 'echo', arguments: { message: 'through gatehouse' } });
      expect(result.content).toEqual([{ type: 'text', text: 'through gatehouse' }]);
    } finally {
      await connection.client.close();
      const pid = connection.process?.child.pid as number;
      if (connection.process) await killServerTree(connection.process);
      // Confined, bubblewrap's PID-namespace init has exited, and the machine's init reaps it a moment later.
      await waitFor(() => {
        try {
          process.kill(-pid, 0);
          return false;
        } catch {
          return true;
        }
      }, 'nothing of the group left');
    }
  }, 180_000);

  it('the child sees its data folder and PYTHONNOUSERSITE, and no gateway secret', async () => {
    const definition = await definitionFor({ script: 'server.py', offline: true, cacheDir: SMOKE_CACHE, python: smokePython() });
    expect(definition.env).toMatchObject({ PYTHONNOUSERSITE: '1', UV_CACHE_DIR: SMOKE_CACHE, GATEHOUSE_DATA_DIR: join(base, 'data') });
    expect(Object.keys(definition.env).filter((k) => /TOKEN|SECRET|PASSWORD/.test(k))).toEqual([]);
  });

  it('a cold cache fails offline with uv named in stderr, not a hang', async () => {
    const empty = join(base, 'cold');
    mkdirSync(empty);
    const definition = await definitionFor({ script: 'server.py', offline: true, cacheDir: empty, python: smokePython() });
    const stderr = new LogRing();
    await expect(openConnection(definition, { gatewayEnv: smokeEnv(), stderr, timeoutMs: 120_000, onTransportError: () => undefined })).rejects.toThrow(/exited during start-up \(exit code \d+\) — stderr: /);
    expect(stderr.tail(20).join('\n')).toMatch(/offline|network/i);
  }, 180_000);

  it('refuses a symlinked script and a PYTHONPATH before anything is spawned', async () => {
    const root = copyFixture(join(base, 'copy'));
    symlinkSync(join(root, 'server.py'), join(root, 'linked.py'));
    await expect(definitionFor({ script: 'linked.py' }, root)).rejects.toMatchObject({ issue: { code: 'runtime.path-unsafe', subject: 'server:smoke' } });
    await expect(definitionFor({ script: 'server.py' }, root, { PYTHONPATH: '/tmp' })).rejects.toMatchObject({ issue: { code: 'runtime.config-invalid' } });
  });
});
