// What this host lets bubblewrap do, asked once per gateway: is `bwrap` there, can it make a user
// namespace (or run set-uid without one), a network namespace, and does it know --disable-userns. Each
// probe is one `bwrap … true` (about 10 ms); the answer is kept for the life of the process, so it is a
// synchronous spawn: the first stdio start (or health row) pays it once, nothing waits on it later.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { findExecutable } from '../find-executable';

export interface HostSupport {
  platform: NodeJS.Platform;
  /** The bwrap found, or null. */
  bwrap: string | null;
  version: string | null;
  /** null when bubblewrap works; otherwise exactly what is missing. */
  problem: string | null;
  userNamespace: boolean;
  networkNamespace: boolean;
  /** Why network "none" cannot be had here (null when it can). */
  networkProblem: string | null;
  disableUserns: boolean;
}

const PROBE_TIMEOUT_MS = 10_000;
const BASE = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--unshare-pid', '--die-with-parent', '--cap-drop', 'ALL'];

let cached: HostSupport | null = null;

/** The host's support, probed on first use. */
export function hostSupport(env: NodeJS.ProcessEnv = process.env): HostSupport {
  cached ??= probeHost(env);
  return cached;
}

export function probeHost(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): HostSupport {
  const none = { platform, bwrap: null, version: null, userNamespace: false, networkNamespace: false, networkProblem: null, disableUserns: false };
  if (platform !== 'linux') return { ...none, problem: `no confinement backend is built for ${platform} yet` };
  // The gateway's PATH, then where distributions install it (a desktop session's PATH may be minimal).
  const bwrap = findExecutable('bwrap', `${env.PATH ?? ''}:/usr/bin:/bin`);
  if (!bwrap) return { ...none, problem: 'bubblewrap (bwrap) is not installed (Debian and Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap)' };
  const version = run(bwrap, ['--version']).stdout.trim().replace(/^bubblewrap\s+/, '') || null;
  const disableUserns = versionAtLeast(version, [0, 8, 0]);
  const userFlags = disableUserns ? ['--unshare-user', '--disable-userns'] : ['--unshare-user'];
  const found = { ...none, bwrap, version, disableUserns };
  const full = run(bwrap, [...userFlags, ...BASE, '--unshare-net', 'true']);
  if (full.ok) return { ...found, problem: null, userNamespace: true, networkNamespace: true };
  const withoutNet = run(bwrap, [...userFlags, ...BASE, 'true']);
  if (withoutNet.ok) return { ...found, problem: null, userNamespace: true, networkProblem: `bubblewrap cannot make a network namespace here: ${full.stderr}` };
  // A set-uid bwrap (older distributions) works without a user namespace of its own.
  const setuid = run(bwrap, [...BASE, '--unshare-net', 'true']);
  if (setuid.ok) return { ...found, problem: null, disableUserns: false, networkNamespace: true };
  return { ...found, problem: `bubblewrap cannot make a user namespace here: ${withoutNet.stderr || full.stderr}${usernsHint()}` };
}

function run(command: string, args: string[]): { ok: boolean; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: PROBE_TIMEOUT_MS, env: { PATH: '/usr/bin:/bin' }, cwd: '/', stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr = (result.stderr ?? '').trim().split('\n')[0] ?? '';
  return { ok: result.status === 0, stdout: result.stdout ?? '', stderr: stderr || (result.error ? result.error.message : `exit ${result.status}`) };
}

/** Which kernel switch keeps unprivileged user namespaces off, when one does. */
function usernsHint(): string {
  const read = (path: string) => {
    try {
      return readFileSync(path, 'utf8').trim();
    } catch {
      return null;
    }
  };
  if (read('/proc/sys/kernel/unprivileged_userns_clone') === '0') return ' (kernel.unprivileged_userns_clone = 0)';
  if (read('/proc/sys/user/max_user_namespaces') === '0') return ' (user.max_user_namespaces = 0)';
  if (read('/proc/sys/kernel/apparmor_restrict_unprivileged_userns') === '1') return ' (AppArmor restricts unprivileged user namespaces: kernel.apparmor_restrict_unprivileged_userns = 1; an AppArmor profile for bwrap allows it)';
  return '';
}

function versionAtLeast(version: string | null, floor: [number, number, number]): boolean {
  const parts = (version ?? '').split('.').map((p) => Number.parseInt(p, 10));
  for (let i = 0; i < 3; i++) {
    const have = parts[i] ?? 0;
    if (Number.isNaN(have)) return false;
    if (have !== floor[i]) return have > (floor[i] as number);
  }
  return true;
}
