// connect_server / restart_server for a manifest package nobody provisioned yet take gateway.provision's
// path (contract §2.4): the install job, provisioned.json, the supervisor, then the connect. Offline: a
// stand-in `npm` (the install step) succeeds or fails by package name, and a stand-in `npx` (the
// server's own command line) runs server-everything from node_modules.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { MetaTool } from '../../../src/main/gateway/meta-tool';
import { connectServer, restartServer } from '../../../src/main/gateway/tools/lifecycle';
import { EVERYTHING_ENTRY } from '../../helpers/workspace';
import { createHarness, type Harness } from './harness';
import type { ErrorEntry } from '../../../src/main/gateway/envelope';

/** The lifecycle answer; the tests match fields against it. */
type Lifecycle = Record<string, unknown> & { errors: ErrorEntry[] };

const MANIFEST = [
  'version: 1',
  'servers:',
  '  packaged:',
  '    description: A packaged server the stand-in npx runs',
  '    package: { type: npm, name: "@gatehouse-test/packaged", version: "1.0.0" }',
  '  broken:',
  '    description: A package whose install fails',
  '    package: { type: npm, name: "@gatehouse-test/broken", version: "1.0.0" }',
  '  locked:',
  '    description: A package that needs a credential',
  '    package: { type: npm, name: "@gatehouse-test/locked", version: "1.0.0" }',
  '    env_vars: [LOCKED_TEST_TOKEN]',
  '',
].join('\n');

let h: Harness;
let bin: string;

/** A folder holding only the stand-in npm and npx; it is the whole PATH of the gateway and its children. */
function standInTools(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-stand-in-'));
  const script = (name: string, body: string) => {
    writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(dir, name), 0o755);
  };
  script('npm', 'case "$*" in *broken*) echo "npm error 404 Not Found"; exit 1;; esac\necho "fetched"');
  script('npx', `exec "${process.execPath}" "${EVERYTHING_ENTRY}" stdio`);
  return dir;
}

beforeEach(() => {
  bin = standInTools();
  h = createHarness({ env: { PATH: bin } });
  h.gateway.discovery = h.discovery.state;
  const overlay = join(h.ctx.env.XDG_CONFIG_HOME as string, 'gatehouse', 'manifest.yaml');
  mkdirSync(join(overlay, '..'), { recursive: true });
  writeFileSync(overlay, MANIFEST);
});
afterEach(async () => {
  await h.close();
  rmSync(bin, { recursive: true, force: true });
});

async function run(tool: MetaTool, args: Record<string, unknown>): Promise<Lifecycle> {
  const result = await tool.run(tool.input.parse(args), h.gateway, { signal: new AbortController().signal, progressToken: undefined, sendProgress: async () => undefined });
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error('no text block');
  return JSON.parse(first.text) as Lifecycle;
}

it('connect_server installs, records and connects a manifest package', async () => {
  expect(await run(connectServer, { server_name: 'packaged' })).toMatchObject({ ok: true, prior_status: 'offline', new_status: 'online', errors: [] });
  expect(h.supervisor.get('packaged')?.tools.map((t) => t.name)).toContain('echo');
  const stored = JSON.parse(readFileSync(join(h.ctx.stateDir, 'provisioned.json'), 'utf8')) as { servers: Record<string, { origin: string }> };
  expect(stored.servers.packaged?.origin).toBe('manifest');
  expect(await run(connectServer, { server_name: 'packaged' })).toMatchObject({ ok: true, prior_status: 'online' });
});

it('restart_server takes the same path for a manifest package that is not running', async () => {
  expect(await run(restartServer, { server_name: 'packaged' })).toMatchObject({ ok: true, new_status: 'online' });
});

it('a failed install is refused with the job error as a GatewayError entry', async () => {
  const body = await run(connectServer, { server_name: 'broken' });
  expect(body).toMatchObject({ ok: false, new_status: 'offline' });
  expect(body.errors[0]).toMatchObject({ code: 'E501' });
  expect(h.supervisor.get('broken')).toBeUndefined();
});

it('a missing credential is refused before anything is installed (E502)', async () => {
  const body = await run(connectServer, { server_name: 'locked' });
  expect(body).toMatchObject({ ok: false, missing_env_vars: ['LOCKED_TEST_TOKEN'], auth_state: 'missing_auth', next_step: "gateway.auth_connect(server_name='locked')" });
  expect(body.errors[0]).toMatchObject({ code: 'E502' });
  expect(h.discovery.state.jobs.size()).toBe(0);
});
