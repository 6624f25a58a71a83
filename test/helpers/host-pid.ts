// A pid a confined child reports is its pid in its own PID namespace; the host knows the same process by
// another. This finds the host pid among the descendants of `rootPid` (a server's row pid) whose
// innermost pid is `reported` (/proc/<pid>/status NSpid, last value). Unconfined, the two are the same.
import { readdirSync, readFileSync } from 'node:fs';

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

function innermostPid(pid: number): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('NSpid:'));
    const values = line?.slice('NSpid:'.length).trim().split(/\s+/).map(Number) ?? [];
    return values.at(-1) ?? null;
  } catch {
    return null;
  }
}

function descends(pid: number, rootPid: number): boolean {
  for (let current: number | null = pid, hops = 0; current !== null && current > 1 && hops < 64; current = parentOf(current), hops++) {
    if (current === rootPid) return true;
  }
  return false;
}

export function hostPid(rootPid: number, reported: number): number {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    if (innermostPid(pid) === reported && descends(pid, rootPid)) return pid;
  }
  throw new Error(`no descendant of ${rootPid} is pid ${reported} in its own namespace`);
}
