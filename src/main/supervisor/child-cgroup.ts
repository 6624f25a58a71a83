// One cgroup v2 per stdio child, where the machine lets us create them: every process the child forks
// stays in it whatever it does (a new session with setsid(), an emptied environment, a double fork), so
// its whole tree can be listed and killed at once. Used only where our own cgroup is on a cgroup2 mount
// and writable for us (a delegated subtree, or root); anywhere else every call here answers null/false
// and the caller falls back (see process-tree.ts). Nothing here enables a controller: the cgroups only
// group processes, so they never change what the children may use.
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

/** Every cgroup Gatehouse creates is named `gatehouse-<child token>`. */
export const CGROUP_PREFIX = 'gatehouse-';

let ownDir: string | null | undefined;

/** mountinfo escapes spaces, tabs, newlines and backslashes as octal (`\040`). */
function unescapeMountPath(path: string): string {
  return path.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

/**
 * Where the cgroup v2 a process runs in is mounted, from its /proc/<pid>/cgroup and mountinfo texts;
 * null without a cgroup v2 hierarchy (cgroup v1 only) or a mount that shows it.
 */
export function cgroupV2Dir(procCgroup: string, mountinfo: string): string | null {
  const line = procCgroup.split('\n').find((l) => l.startsWith('0::'));
  if (!line) return null;
  const own = line.slice(3);
  for (const entry of mountinfo.split('\n')) {
    const [left, right] = entry.split(' - ');
    if (!left || !right?.startsWith('cgroup2 ')) continue;
    // Fields: mount id, parent id, major:minor, root (inside the hierarchy), mount point, ...
    const fields = left.split(' ');
    const root = unescapeMountPath(fields[3] ?? '');
    const mountPoint = unescapeMountPath(fields[4] ?? '');
    if (!mountPoint) continue;
    // resolve(), not join(): the root cgroup "/" must not leave a trailing slash.
    if (root === '/') return resolve(mountPoint, `.${own}`);
    if (own === root || own.startsWith(`${root}/`)) return resolve(mountPoint, `.${own.slice(root.length)}`);
  }
  return null;
}

function findOwnDir(): string | null {
  if (process.platform !== 'linux') return null;
  try {
    const dir = cgroupV2Dir(readFileSync('/proc/self/cgroup', 'utf8'), readFileSync('/proc/self/mountinfo', 'utf8'));
    if (!dir) return null;
    accessSync(dir, constants.W_OK);
    accessSync(join(dir, 'cgroup.procs'), constants.W_OK);
    return dir;
  } catch {
    return null; // not readable or not writable for us: no cgroups
  }
}

/** The cgroup v2 folder this process runs in, when we may create cgroups below it; null otherwise. */
export function ownCgroupDir(): string | null {
  if (ownDir === undefined) ownDir = findOwnDir();
  return ownDir;
}

/** Creates the cgroup for one child; null where cgroups are not ours to create. */
export function createChildCgroup(token: string): string | null {
  const base = ownCgroupDir();
  if (!base) return null;
  const path = join(base, `${CGROUP_PREFIX}${token}`);
  try {
    mkdirSync(path);
    return path;
  } catch {
    return null;
  }
}

/** Moves a process into the cgroup; false when the kernel refuses (then the caller falls back). */
export function moveIntoCgroup(path: string, pid: number): boolean {
  try {
    writeFileSync(join(path, 'cgroup.procs'), `${pid}\n`);
    return true;
  } catch {
    return false;
  }
}

/** Whether `path` is the cgroup Gatehouse made for the child with `token` (a reaper touches no other folder). */
export function isChildCgroup(path: string, token: string): boolean {
  return basename(path) === `${CGROUP_PREFIX}${token}` && existsSync(join(path, 'cgroup.procs'));
}

function subgroups(path: string): string[] {
  try {
    return readdirSync(path, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(path, e.name));
  } catch {
    return [];
  }
}

/** Every process in the cgroup and the cgroups below it (a child may make its own, e.g. a nested gateway). */
export function cgroupPids(path: string): number[] {
  let own: number[] = [];
  try {
    own = readFileSync(join(path, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return [...own, ...subgroups(path).flatMap(cgroupPids)];
}

/** Whether any process is still in the cgroup or below it. */
export function cgroupPopulated(path: string): boolean {
  try {
    return /^populated 1$/m.test(readFileSync(join(path, 'cgroup.events'), 'utf8'));
  } catch {
    return false;
  }
}

/** SIGKILL to everything in the cgroup: `cgroup.kill` (Linux 5.14+, no pid race), else pid by pid. */
export function killCgroup(path: string): void {
  try {
    writeFileSync(join(path, 'cgroup.kill'), '1\n');
    return;
  } catch {
    // older kernel, or already removed
  }
  for (const pid of cgroupPids(path)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

/** Removes the (empty) cgroup, deepest first; true once it is gone. */
export function removeCgroup(path: string): boolean {
  for (const sub of subgroups(path)) removeCgroup(sub);
  try {
    rmdirSync(path);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}
