// Finding uv and asking its version (python-runtime.md §7.1, §7.2). uv is resolved once to an absolute
// path: the configured one, or a PATH walk for `uv` / `uv.exe`.
import { isAbsolute } from 'node:path';
import { findExecutable } from './find-executable';
import { fail, ioError, ok, type Checked } from './issue';
import { runProcess } from './run-process';

/** The oldest uv that CI tests (scripts/setup-python.sh installs exactly this one when uv is missing). */
export const MIN_UV_VERSION = '0.13.9';

const PROBE_TIMEOUT_MS = 30_000;

/** `configured` is an absolute path from settings or the policy; anything else means "search PATH". */
export function resolveUv(configured: string | null | undefined, pathValue: string | undefined): Checked<string> {
  if (configured && isAbsolute(configured)) return ok(configured);
  const name = configured && !configured.includes('/') && !configured.includes('\\') ? configured : 'uv';
  const found = findExecutable(name, pathValue);
  if (!found) return fail('runtime.uv-missing', `launch uv: ENOENT: ${name} was not found on PATH`, null);
  return ok(found);
}

/** `uv --version` → `uv X.Y.Z`, checked against MIN_UV_VERSION. */
export async function probeUvVersion(uv: string, cwd: string, env: Record<string, string>): Promise<Checked<string>> {
  const result = await runProcess(uv, ['--version'], { cwd, env, timeoutMs: PROBE_TIMEOUT_MS });
  if (result.spawnError) return fail('runtime.uv-missing', `launch uv: ${ioError(result.spawnError)}`);
  if (result.code !== 0) {
    const status = result.timedOut ? 'a timeout' : result.signal ? `signal ${result.signal}` : `status ${result.code}`;
    return fail('runtime.uv-incompatible', `uv --version exited with ${status}`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(result.stdout);
  } catch {
    return fail('runtime.uv-incompatible', 'uv --version emitted non-UTF-8 output');
  }
  const first = text.split(/\r?\n/)[0]?.trim() ?? '';
  if (first === '') return fail('runtime.uv-incompatible', 'uv --version emitted empty output');
  const match = /^uv (\d+)\.(\d+)\.(\d+)\S*/.exec(first);
  if (!match) return fail('runtime.uv-incompatible', `uv --version printed "${first.slice(0, 80)}", which is not a uv version`);
  const version = `uv ${match[1]}.${match[2]}.${match[3]}`;
  if (compareVersions([match[1], match[2], match[3]].map(Number), MIN_UV_VERSION.split('.').map(Number)) < 0) {
    return fail('runtime.uv-incompatible', `${version} is older than ${MIN_UV_VERSION}, the oldest uv Gatehouse supports`, null, { uvVersion: version, minimum: MIN_UV_VERSION });
  }
  return ok(version);
}

function compareVersions(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}
