// PMCP for the side-by-side figures: PyPI's pmcp, pinned, installed by uv into a virtual environment in a
// cache folder (never globally). uv is pointed at pip's configured index at run time (pip-index.ts); no
// registry host is written anywhere. Reused while the cached install answers with the pinned version.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const PMCP_VERSION = '3.0.0';

/** Where the bench keeps PMCP between runs: $XDG_CACHE_HOME or ~/.cache, then gatehouse-bench. */
export function cacheFolder(env = process.env) {
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'gatehouse-bench');
}

async function version(bin) {
  try {
    const { stdout, stderr } = await run(bin, ['--version'], { timeout: 60_000 });
    return /(\d+\.\d+\.\d+)/.exec(`${stdout}${stderr}`)?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * { ok: true, bin, version, python, env } or { ok: false, reason }. `uvEnv` gives the UV_* variables for
 * pip's index. `env` is what PMCP itself needs to run from the venv (none beyond the gateway's own).
 */
export async function ensurePmcp({ uvEnv, log }) {
  const folder = join(cacheFolder(), `pmcp-${PMCP_VERSION}`);
  const venv = join(folder, 'venv');
  const bin = join(venv, 'bin', 'pmcp');
  if (existsSync(bin) && (await version(bin)) === PMCP_VERSION) return ready(bin, venv);
  let uv;
  try {
    uv = (await run('uv', ['--version'], { timeout: 30_000 })).stdout.trim();
  } catch (error) {
    return { ok: false, reason: `uv is not on PATH (${error.code ?? error.message}); run scripts/setup-python.sh` };
  }
  log(`installing pmcp==${PMCP_VERSION} with ${uv} into ${folder}`);
  rmSync(venv, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const env = { ...process.env, ...(await uvEnv(process.env)), UV_CACHE_DIR: join(folder, 'uv-cache'), VIRTUAL_ENV: venv };
  try {
    await run('uv', ['venv', '--quiet', venv], { env, timeout: 300_000 });
    await run('uv', ['pip', 'install', '--quiet', `pmcp==${PMCP_VERSION}`], { env, timeout: 600_000 });
  } catch (error) {
    const detail = `${error.stderr ?? ''}`.trim().split('\n').slice(-3).join(' ') || error.message;
    return { ok: false, reason: `uv could not install pmcp==${PMCP_VERSION}: ${detail}` };
  }
  const installed = await version(bin);
  if (installed !== PMCP_VERSION) return { ok: false, reason: `the installed pmcp answers version ${installed ?? 'nothing'}, not ${PMCP_VERSION}` };
  return ready(bin, venv);
}

async function ready(bin, venv) {
  let python = null;
  try {
    python = (await run(join(venv, 'bin', 'python'), ['-c', 'import platform; print(platform.python_version())'])).stdout.trim();
  } catch {
    // recorded as unknown
  }
  return { ok: true, bin, version: PMCP_VERSION, python, env: {} };
}
