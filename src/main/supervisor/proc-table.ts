// Reads the Linux process table (/proc) for what stopping a child's whole tree needs: who is whose
// parent, when a process started (so a reused pid is never taken for ours), who owns it, and whether it
// carries a child's token in its environment. Off Linux there is no table: every reader answers "none".
// procfs lives in memory, so these synchronous reads never wait on a disk.
import { readdirSync, readFileSync, statSync } from 'node:fs';

export interface ProcStat {
  pid: number;
  ppid: number;
  /** Process group id. */
  pgid: number;
  /** R, S, D, Z (exited, not yet reaped by its parent), X, ... */
  state: string;
  /** Clock ticks since boot; with the pid, it names one process for its whole life. */
  startTime: string;
}

export const HAS_PROC_TABLE = process.platform === 'linux';

export function readStat(pid: number): ProcStat | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may itself hold spaces or parentheses: count after the last.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [state, ppid, pgid, startTime] = [fields[0], fields[1], fields[2], fields[19]];
    if (!state || !ppid || !pgid || !startTime) return null;
    return { pid, ppid: Number(ppid), pgid: Number(pgid), state, startTime };
  } catch {
    return null;
  }
}

/** The kernel's start time of a process (clock ticks since boot); null where it cannot be read. */
export function processStartTime(pid: number): string | null {
  return readStat(pid)?.startTime ?? null;
}

function exited(stat: ProcStat): boolean {
  return stat.state === 'Z' || stat.state === 'X';
}

/**
 * Whether `pid` is still that process (same start time, when one is given) and has not exited. An exited
 * process waiting for its parent (a zombie) counts as gone: it holds nothing and can run nothing.
 */
export function isRunning(pid: number, startTime?: string): boolean {
  if (!HAS_PROC_TABLE) {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
  const stat = readStat(pid);
  return stat !== null && !exited(stat) && (startTime === undefined || stat.startTime === startTime);
}

/** Every live process now (zombies left out); empty off Linux. */
export function processTable(): ProcStat[] {
  if (!HAS_PROC_TABLE) return [];
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const table: ProcStat[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat && !exited(stat)) table.push(stat);
  }
  return table;
}

/** Whether the process runs as our own user (the owner of its /proc entry). */
export function ownedByUs(pid: number): boolean {
  try {
    return statSync(`/proc/${pid}`).uid === process.getuid?.();
  } catch {
    return false;
  }
}

/**
 * Whether the environment the process was started with holds exactly `entry` (`NAME=value`). This is
 * the environment it was exec'd with: a process that unsets the variable later still shows it here.
 */
export function environHas(pid: number, entry: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(entry);
  } catch {
    return false; // gone, or not ours to read
  }
}
