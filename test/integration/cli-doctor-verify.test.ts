// Two first-run answers that used to leave the user guessing, on exact texts: `gatehouse doctor` names
// each deferred check and why it did not run (text and --json), and `gatehouse mcp verify|prepare` run
// where there is no Python runtime root names the folder and what to do, instead of a bare ENOENT.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctor } from '../../src/main/cli/doctor';
import { mcp } from '../../src/main/cli/mcp';
import { gatehouseRun } from '../../src/main/common/gatehouse-command';
import type { CliIo } from '../../src/main/runtime/cli-io';

let base: string;
beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'gatehouse-first-run-')));
  mkdirSync(join(base, 'home'));
  mkdirSync(join(base, 'empty'));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

function io(cwd: string): { io: CliIo; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  const home = join(base, 'home');
  const env = { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_STATE_HOME: join(home, '.local/state'), XDG_CACHE_HOME: join(home, '.cache') };
  const cliIo: CliIo = {
    stdout: (t) => {
      out += t;
    },
    stderr: (t) => {
      err += t;
    },
    env,
    cwd,
  };
  return { io: cliIo, out: () => out, err: () => err };
}

describe('doctor in a container', () => {
  // Confinement is not among them: the children run in the container, so it is checked there.
  const HOST_ONLY = ['host.filesystem-permissions', 'host.network-release-access', 'host.login-shell-path', 'host.keychain'];

  it('names every deferred check and why, on stderr beside the summary', async () => {
    const marker = join(base, '.dockerenv');
    writeFileSync(marker, '');
    const run = io(join(base, 'empty'));
    expect(await doctor(['--category', 'host'], run.io, { containerMarkers: [marker] })).toBe(0);
    expect(run.out()).toBe('healthy: 0 error(s), 0 warning(s), 4 deferred check(s)\n');
    expect(run.err()).toBe(
      `gatehouse: [deferred] ${HOST_ONLY.join(', ')}: not run: doctor runs in a container (${marker}), where this host-only check would describe the container, not the host; run \`${gatehouseRun('doctor')}\` on the host\n`,
    );
  });

  it('--json gives each deferred check its reason, in words and as data', async () => {
    const marker = join(base, '.dockerenv');
    writeFileSync(marker, '');
    const run = io(join(base, 'empty'));
    await doctor(['--category', 'host', '--json'], run.io, { containerMarkers: [marker] });
    const document = JSON.parse(run.out()) as { findings: { id: string; status: string; message: string; data?: unknown }[] };
    expect(document.findings.filter((f) => f.status === 'deferred')).toEqual(HOST_ONLY.map((id) => expect.objectContaining({
      id,
      message: `not run: doctor runs in a container (${marker}), where this host-only check would describe the container, not the host; run \`${gatehouseRun('doctor')}\` on the host`,
      data: { reason: 'container', marker },
    })));
    expect(run.err()).toBe('');
  });
});

describe('mcp verify and prepare without a runtime root', () => {
  const holds = 'a folder holding .gatehouse/runtime/python-uv.json, the policy that lists its Python servers';

  it('in a folder without a policy: names the folder, what it lacks and the flag to use', async () => {
    const dir = join(base, 'empty');
    for (const sub of ['verify', 'prepare']) {
      const run = io(dir);
      expect(await mcp([sub], run.io)).toBe(3);
      expect(run.out()).toBe('');
      expect(run.err()).toBe(`gatehouse: ${dir} is not a Python runtime root: it has no .gatehouse/runtime/python-uv.json; run this in the runtime root, or name it with --root DIR (${holds})\n`);
    }
    const json = io(dir);
    await mcp(['verify', '--json'], json.io);
    expect(JSON.parse(json.out())).toMatchObject({ status: 'failed', root: dir, errors: [{ code: 'runtime.path-unreadable', message: `${dir} is not a Python runtime root: it has no .gatehouse/runtime/python-uv.json; run this in the runtime root, or name it with --root DIR (${holds})` }] });
  });

  it('with a --root that does not exist: names it', async () => {
    const run = io(base);
    expect(await mcp(['verify', '--root', 'nowhere'], run.io)).toBe(3);
    expect(run.err()).toBe(`gatehouse: runtime root ${join(base, 'nowhere')} does not exist; pass --root DIR naming the runtime root (${holds})\n`);
  });
});
