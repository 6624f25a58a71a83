// update_server on a server Gatehouse provisioned: the install job records the exact version it resolved;
// an update says which version ran and which runs now; a new version that does not start is rolled back
// to the one that ran before. Offline: a stand-in `npm` answers `npm view` with the version in a file
// (the "registry") and fetches nothing; a stand-in `npx` runs server-everything for any version except
// 3.0.0, which exits at once like a broken release.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { EVERYTHING_ENTRY } from '../../helpers/workspace';
import { createHarness, type Harness } from './harness';

const PACKAGE = '@gatehouse-test/packaged';
let bin: string;
let h: Harness;

function publish(version: string): void {
  writeFileSync(join(bin, 'latest'), version);
}

beforeEach(() => {
  bin = mkdtempSync(join(tmpdir(), 'gatehouse-update-'));
  const script = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  const latest = join(bin, 'latest');
  script('npm', `case "$1" in\n  view) read -r v < "${latest}"; echo "{\\"name\\":\\"${PACKAGE}\\",\\"version\\":\\"$v\\",\\"description\\":\\"stand-in\\",\\"time\\":{\\"$v\\":\\"2026-11-30T10:00:00.000Z\\"}}";;\n  *) echo "fetched $*";;\nesac`);
  script('npx', `case "$*" in *@3.0.0*) echo "TypeError: cannot read config" >&2; exit 1;; esac\nexec "${process.execPath}" "${EVERYTHING_ENTRY}" stdio`);
  publish('1.0.0');
  h = createHarness({ env: { PATH: bin } });
  h.gateway.discovery = h.discovery.state;
  const overlay = join(h.ctx.env.XDG_CONFIG_HOME as string, 'gatehouse', 'manifest.yaml');
  mkdirSync(join(overlay, '..'), { recursive: true });
  writeFileSync(overlay, `version: 1\nservers:\n  packaged:\n    description: A stand-in package\n    package: { type: npm, name: "${PACKAGE}" }\n`);
});
afterEach(async () => {
  await h.close();
  rmSync(bin, { recursive: true, force: true });
});

const recorded = () => (JSON.parse(readFileSync(join(h.ctx.stateDir, 'provisioned.json'), 'utf8')) as { servers: Record<string, { installed_version: string }> }).servers.packaged?.installed_version;
const runs = () => {
  const definition = h.supervisor.get('packaged')?.definition;
  return definition?.transport === 'stdio' ? definition.args : [];
};

async function provisioned(): Promise<void> {
  const started = await h.call<{ job_id: string }>('gateway.provision', { server_name: 'packaged' });
  for (let i = 0; i < 200; i++) {
    const status = await h.call<{ status: string; message: string; version: string }>('gateway.provision_status', { job_id: started.job_id });
    if (status.status === 'complete') return;
    if (['failed', 'timeout'].includes(status.status)) throw new Error(status.message);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('provisioning did not finish');
}

it('records the installed version, shows the change on update, and rolls back a release that does not start', async () => {
  await provisioned();
  expect(recorded()).toBe('1.0.0');
  expect(runs()).toEqual(['-y', `${PACKAGE}@1.0.0`]);

  publish('2.0.0');
  const updated = await h.call<Record<string, unknown>>('gateway.update_server', { server_name: 'packaged' });
  expect(updated).toMatchObject({ ok: true, previous_version: '1.0.0', latest_version: '2.0.0', restarted: true, rolled_back: false, message: `packaged updated: ${PACKAGE} 1.0.0 → 2.0.0.` });
  expect(recorded()).toBe('2.0.0');
  expect(runs()).toEqual(['-y', `${PACKAGE}@2.0.0`]);
  expect(h.supervisor.get('packaged')?.status).toBe('online');

  publish('3.0.0');
  const broken = await h.call<Record<string, unknown>>('gateway.update_server', { server_name: 'packaged' });
  expect(broken).toMatchObject({ ok: false, previous_version: '2.0.0', latest_version: '3.0.0', rolled_back: true, restarted: true });
  expect(String(broken.message)).toMatch(new RegExp(`^${PACKAGE} 2\\.0\\.0 → 3\\.0\\.0: the new version did not start \\(.+\\); packaged runs 2\\.0\\.0 again\\.$`));
  expect(recorded()).toBe('2.0.0');
  expect(runs()).toEqual(['-y', `${PACKAGE}@2.0.0`]);
  expect(h.supervisor.get('packaged')?.status).toBe('online');

  publish('2.0.0');
  expect(await h.call('gateway.update_server', { server_name: 'packaged' })).toMatchObject({ ok: true, previous_version: '2.0.0', latest_version: '2.0.0', restarted: false, message: `packaged already runs ${PACKAGE} 2.0.0, the latest release; nothing changed.` });
});
