// The real Python side of the runtime tests: the smoke fixture, its uv cache under node_modules/.cache,
// the interpreter (GATEHOUSE_SMOKE_PYTHON or the machine's python3, resolved once) and uv itself.
// Nothing here skips: a machine without uv or Python 3.10+ fails with the way to fix it.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { mcp } from '../../../../src/main/cli/mcp';
import type { CliIo } from '../../../../src/main/runtime/cli-io';
import { findExecutable } from '../../../../src/main/runtime/find-executable';
import { REPO_ROOT } from '../../../helpers/workspace';

export const FIXTURE = join(REPO_ROOT, 'test/fixtures/python/smoke');
export const SMOKE_CACHE = join(REPO_ROOT, 'node_modules/.cache/gatehouse-python-smoke/uv-cache');
/** Generous: the first preparation on a fresh machine downloads wheels from the package index. */
export const PREPARE_TIMEOUT_MS = 600_000;

let python: string | null = null;

/** The interpreter the smoke runs on, as an absolute path (uv-managed Pythons are never downloaded). */
export function smokePython(): string {
  if (python) return python;
  const requested = process.env.GATEHOUSE_SMOKE_PYTHON || findExecutable('python3', process.env.PATH);
  if (!requested) throw new Error('no python3 on PATH and GATEHOUSE_SMOKE_PYTHON is not set: install Python 3.10 or newer');
  const probe = spawnSync(requested, ['-c', 'import sys; print(sys.executable); print(sys.version_info >= (3, 10))'], { encoding: 'utf8' });
  const [executable, supported] = probe.stdout.trim().split('\n');
  if (probe.status !== 0 || !executable || supported !== 'True') throw new Error(`${requested} is not Python 3.10 or newer: ${probe.stderr}`);
  python = realpathSync(executable);
  return python;
}

export function requireUv(): string {
  const uv = findExecutable('uv', process.env.PATH);
  if (!uv) throw new Error('uv is not on PATH: run scripts/setup-python.sh (it installs uv with pip)');
  return uv;
}

/** The test environment: the smoke interpreter's folder first on PATH, so uv's `>=3.10` discovery (prepare) picks the same interpreter the launch names. */
export function smokeEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, PATH: `${dirname(smokePython())}${delimiter}${process.env.PATH ?? ''}`, ...extra };
}

export interface Captured {
  io: CliIo;
  stdout: () => string;
  stderr: () => string;
  json: () => Record<string, unknown>;
}

export function capture(env: NodeJS.ProcessEnv = smokeEnv(), cwd = REPO_ROOT): Captured {
  let out = '';
  let err = '';
  return {
    io: {
      stdout: (t) => {
        out += t;
      },
      stderr: (t) => {
        err += t;
      },
      env,
      cwd,
    },
    stdout: () => out,
    stderr: () => err,
    json: () => JSON.parse(out) as Record<string, unknown>,
  };
}

/** `gatehouse mcp prepare --root <fixture> --cache-dir <smoke cache> --json`, once per test file. */
export async function prepareSmokeCache(): Promise<Record<string, unknown>> {
  requireUv();
  mkdirSync(dirname(SMOKE_CACHE), { recursive: true });
  const run = capture();
  const code = await mcp(['prepare', '--root', FIXTURE, '--cache-dir', SMOKE_CACHE, '--json'], run.io);
  if (code !== 0) throw new Error(`preparing the smoke cache failed (exit ${code}):\n${run.stdout()}\n${run.stderr()}`);
  return run.json();
}

/** A private copy of the smoke fixture (script, policy, lock) to tamper with. */
export function copyFixture(dest: string): string {
  mkdirSync(dest, { recursive: true });
  cpSync(join(FIXTURE, 'server.py'), join(dest, 'server.py'));
  cpSync(join(FIXTURE, '.gatehouse'), join(dest, '.gatehouse'), { recursive: true });
  return realpathSync(dest);
}
