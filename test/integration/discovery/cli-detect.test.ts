// sync_environment's CLI inventory against a PATH that holds only stand-in executables (real files, really
// spawned), so nothing depends on what this machine has installed: a CLI counts when it is on PATH and
// its manifest check command answers; one that fails or hangs is named as not working; a file without
// the execute bit is not a CLI. The probe runs once per gateway run, and request_capability uses it.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { CHECK_TIMEOUT_MS } from '../../../src/main/discovery/cli-detect';
import { createHarness, type Harness } from './harness';

let bin: string;
let calls: string;
let h: Harness | undefined;

function stub(name: string, body: string, mode = 0o755): void {
  writeFileSync(join(bin, name), `#!/bin/sh\necho "${name} $*" >> "${calls}"\n${body}\n`);
  chmodSync(join(bin, name), mode);
}

beforeEach(() => {
  bin = mkdtempSync(join(tmpdir(), 'gatehouse-fake-path-'));
  calls = join(bin, 'calls.log');
  stub('git', 'echo "git version 2.99.0"');
  stub('jq', 'echo "jq-1.7.1"');
  stub('kubectl', 'echo "Client Version: v1.31.0"');
  stub('docker', 'echo "cannot connect" >&2; exit 3');
  stub('psql', `exec /bin/sleep ${Math.ceil(CHECK_TIMEOUT_MS / 1000) + 20}`);
  stub('rg', 'echo "ripgrep 14"', 0o644); // not executable: not a CLI
  stub('not-curated', 'echo "1.0"'); // on PATH but not in the manifest: never asked about
});
afterEach(async () => {
  await h?.close();
  h = undefined;
  rmSync(bin, { recursive: true, force: true });
});

it('finds the curated CLIs that are on PATH and answer, once per run', async () => {
  h = createHarness({ env: { PATH: bin } });
  const first = await h.call<{ detected_clis: string[]; message: string }>('gateway.sync_environment', {});
  expect(first.detected_clis).toEqual(['git', 'jq', 'kubectl']);
  expect(first.message).toContain('docker: docker --version failed (exit 3)');
  expect(first.message).toContain(`psql: no answer to psql --version within ${CHECK_TIMEOUT_MS / 1000} s`);
  expect(first.message).toMatch(/^3 of \d+ known CLI\(s\)/);
  const ran = () => readFileSync(calls, 'utf8').trim().split('\n').sort();
  expect(ran()).toEqual(['docker --version', 'git --version', 'jq --version', 'kubectl version --client', 'psql --version']);

  // The same run: answered from memory, nothing spawned again.
  expect((await h.call<{ detected_clis: string[] }>('gateway.sync_environment', {})).detected_clis).toEqual(['git', 'jq', 'kubectl']);
  const capability = await h.call<{ status: string; cli: { name: string; path: string } }>('gateway.request_capability', { query: 'filter and transform a json file' });
  expect(capability).toMatchObject({ status: 'use_cli', cli: { name: 'jq', path: join(bin, 'jq') } });
  expect(ran()).toHaveLength(5);

  // Written down for catalog_search's cli_hints, which never probe.
  const cached = JSON.parse(readFileSync(join(h.ctx.cacheDir, 'cli-probe.json'), 'utf8')) as { clis: Record<string, string | null>; versions: Record<string, string> };
  expect(cached.clis).toMatchObject({ git: join(bin, 'git'), docker: null, psql: null, rg: null });
  expect(cached.versions).toEqual({ git: 'git version 2.99.0', jq: 'jq-1.7.1', kubectl: 'Client Version: v1.31.0' });
});
