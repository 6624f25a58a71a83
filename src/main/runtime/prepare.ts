// Step 12 of python-runtime.md §8: run every dependency profile through uv, one at a time in sha256
// order, installing the hash-locked requirements into the cache (online) or proving the cache already
// holds them (offline). uv runs only after steps 1–11 passed.
import { fail, ioError, ok, type Checked } from './issue';
import type { Redactor } from './redact';
import { firstStderrLine } from './redact';
import { runProcess } from './run-process';
import type { VerifiedRuntime } from './verify';

export interface PreparedProfile {
  sha256: string;
  requiresPython: string;
  durationMs: number;
}

// A cold online install downloads wheels; on a slow shared machine that can take minutes.
const PROFILE_TIMEOUT_MS = 15 * 60_000;

/** argv after the uv path for one profile (§7.2). */
export function profileArgs(lockPath: string, requiresPython: string, offline: boolean): string[] {
  return ['run', '--no-project', '--with-requirements', lockPath, '--python', requiresPython, ...(offline ? ['--offline'] : []), 'python', '-c', 'pass'];
}

export async function prepareProfiles(runtime: VerifiedRuntime, offline: boolean, redactor: Redactor): Promise<Checked<PreparedProfile[]>> {
  const prepared: PreparedProfile[] = [];
  for (const profile of runtime.profiles) {
    const result = await runProcess(runtime.uv, profileArgs(runtime.lockPath, profile.requiresPython, offline), {
      cwd: runtime.root,
      env: runtime.uvEnv,
      timeoutMs: PROFILE_TIMEOUT_MS,
    });
    const subject = `profile:${profile.sha256}`;
    if (result.spawnError) return fail('runtime.uv-missing', `launch uv: ${ioError(result.spawnError)}`, subject);
    if (result.code !== 0) {
      const line = result.timedOut ? `uv did not finish within ${PROFILE_TIMEOUT_MS / 60_000} minutes` : firstStderrLine(result.stderr.toString('utf8'), redactor) || `uv exited with ${result.signal ?? result.code}`;
      return offline
        ? fail('runtime.cache-incomplete', `runtime profile ${profile.sha256} is not offline-ready: ${line}`, subject)
        : fail('runtime.profile-prepare-failed', `runtime profile ${profile.sha256} is not prepared: ${line}`, subject);
    }
    prepared.push({ sha256: profile.sha256, requiresPython: profile.requiresPython, durationMs: result.durationMs });
  }
  return ok(prepared);
}
