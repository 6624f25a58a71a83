// The whole process tree of one stdio child, including what left its process group. A grandchild that
// calls setsid() (a daemonizing helper, a browser) is no longer reached by a signal to the group, so the
// tree is found three ways, each covering what the one before misses:
//   1. its own cgroup v2 (child-cgroup.ts), where the machine lets us make one: nothing forked inside it
//      can leave it, whatever it does;
//   2. a random token in the child's environment (GATEHOUSE_CHILD_ID), which every descendant inherits,
//      setsid() or not: a sweep of /proc/*/environ finds them (our own user only, start time checked);
//   3. parent links in /proc/*/stat, recorded while the child lives (every WATCH_INTERVAL_MS without a
//      cgroup, and at stop), which find a descendant that also dropped its environment.
// Off Linux there is no /proc: only the process group is reached (a setsid() escapee survives there).
import { randomBytes } from 'node:crypto';
import { cgroupPids, cgroupPopulated, killCgroup, removeCgroup } from './child-cgroup';
import { environHas, HAS_PROC_TABLE, isRunning, ownedByUs, processStartTime, processTable, type ProcStat } from './proc-table';

/** The variable that marks a child's tree; see child-env.ts for how it relates to the allowlist. */
export const CHILD_TOKEN_VAR = 'GATEHOUSE_CHILD_ID';

/** 128 random bits: not a secret, but no two children (of any gateway) ever share one. */
export function newChildToken(): string {
  return randomBytes(16).toString('hex');
}

export interface TreeMarks {
  /** The GATEHOUSE_CHILD_ID value the child was started with. */
  token: string;
  /** The child's own cgroup v2 folder, when the machine let us make one and move the child in. */
  cgroup: string | null;
}

export interface TreeMember {
  pid: number;
  startTime: string;
}

/** How often the parent links of a child without a cgroup are recorded while it runs. */
export const WATCH_INTERVAL_MS = 5000;

const watched = new Set<ChildTree>();
let watchTimer: NodeJS.Timeout | null = null;

export class ChildTree {
  /** Every descendant seen so far (pid → start time): still found after its parent died. */
  private readonly known = new Map<number, string>();
  /** The child's own start time, so a reused pid is never taken for it (null off Linux). */
  readonly rootStartTime: string | null;

  constructor(
    readonly rootPid: number,
    readonly marks: TreeMarks,
  ) {
    this.rootStartTime = processStartTime(rootPid);
  }

  /** Whether the root pid still names our child (off Linux: assumed, as nothing can tell). */
  rootIsOurs(): boolean {
    if (!HAS_PROC_TABLE) return true;
    const now = processStartTime(this.rootPid);
    return now === null ? false : now === this.rootStartTime;
  }

  /**
   * Whether a signal to the process group `rootPid` can only reach our child's group: the kernel does
   * not hand out a pid while a group of that id exists, so only a live stranger with our root's pid
   * could have made a new group with it.
   */
  groupIsOurs(): boolean {
    if (!HAS_PROC_TABLE) return true;
    const now = processStartTime(this.rootPid);
    return now === null || now === this.rootStartTime;
  }

  /** Records the child's descendants (and theirs) by parent links, from one read of /proc. */
  record(table: ProcStat[] = processTable()): void {
    const seeds = this.knownAlive(table);
    if (this.rootIsOurs()) seeds.push(this.rootPid);
    this.closure(table, seeds);
  }

  /**
   * Every live member now: the child itself, everything in its cgroup, every process of our user that
   * carries its token, the descendants recorded before (same start time), and all their descendants.
   */
  members(): TreeMember[] {
    const table = processTable();
    if (!table.length) return [];
    const seeds = new Set<number>(this.knownAlive(table));
    if (this.rootIsOurs()) seeds.add(this.rootPid);
    if (this.marks.cgroup) for (const pid of cgroupPids(this.marks.cgroup)) seeds.add(pid);
    for (const pid of tokenCarriers(table, [this.marks.token]).keys()) seeds.add(pid);
    return this.closure(table, [...seeds]);
  }

  /** Records parent links every WATCH_INTERVAL_MS until unwatch() (one /proc read serves every child). */
  watch(): void {
    if (!HAS_PROC_TABLE) return;
    watched.add(this);
    watchTimer ??= setInterval(() => {
      const table = processTable();
      for (const tree of watched) tree.record(table);
    }, WATCH_INTERVAL_MS);
    watchTimer.unref();
  }

  unwatch(): void {
    watched.delete(this);
    if (!watched.size && watchTimer) {
      clearInterval(watchTimer);
      watchTimer = null;
    }
  }

  /**
   * Sends `signal` to the child's process group and to every member, each checked against pid reuse.
   * `group: false` reaches the members only (a confined child's wrappers are left out of `members`).
   */
  signal(members: readonly TreeMember[], signal: NodeJS.Signals, options: { group?: boolean } = {}): void {
    if (options.group !== false && this.groupIsOurs()) trySignal(-this.rootPid, signal);
    for (const member of members) {
      if (member.pid !== process.pid && isRunning(member.pid, member.startTime)) trySignal(member.pid, signal);
    }
    if (signal === 'SIGKILL' && this.marks.cgroup) killCgroup(this.marks.cgroup);
  }

  /** Whether anything of the tree still runs (exited zombies do not count). */
  alive(members: readonly TreeMember[]): boolean {
    if (members.some((m) => isRunning(m.pid, m.startTime))) return true;
    if (this.marks.cgroup && cgroupPopulated(this.marks.cgroup)) return true;
    return this.groupIsOurs() && groupRunning(this.rootPid);
  }

  /** Forgets the tree: stops watching it and removes its (by now empty) cgroup. */
  release(): void {
    this.unwatch();
    if (this.marks.cgroup) removeCgroup(this.marks.cgroup);
  }

  /** The recorded descendants still running as themselves; the others are forgotten (a long life forks a lot). */
  private knownAlive(table: readonly ProcStat[]): number[] {
    const alive = new Map(table.map((s) => [s.pid, s.startTime]));
    for (const [pid, start] of this.known) if (alive.get(pid) !== start) this.known.delete(pid);
    return [...this.known.keys()];
  }

  /** `seeds` and all their descendants by parent links, recorded; never this gateway itself. */
  private closure(table: ProcStat[], seeds: number[]): TreeMember[] {
    const children = new Map<number, ProcStat[]>();
    const byPid = new Map<number, ProcStat>();
    for (const stat of table) {
      byPid.set(stat.pid, stat);
      const list = children.get(stat.ppid);
      if (list) list.push(stat);
      else children.set(stat.ppid, [stat]);
    }
    const found = new Map<number, string>();
    const queue = seeds.filter((pid) => byPid.has(pid));
    for (let pid = queue.pop(); pid !== undefined; pid = queue.pop()) {
      const stat = byPid.get(pid);
      if (!stat || found.has(pid) || pid === process.pid) continue;
      found.set(pid, stat.startTime);
      for (const child of children.get(pid) ?? []) queue.push(child.pid);
    }
    for (const [pid, startTime] of found) this.known.set(pid, startTime);
    return [...found].map(([pid, startTime]) => ({ pid, startTime }));
  }
}

/**
 * The processes of our own user whose environment carries one of `tokens` (pid → token). The start time
 * is read before and after the environment, so the environment read belongs to that very process.
 */
export function tokenCarriers(table: readonly ProcStat[], tokens: readonly string[]): Map<number, { token: string; startTime: string }> {
  const found = new Map<number, { token: string; startTime: string }>();
  if (!tokens.length) return found;
  for (const stat of table) {
    if (stat.pid === process.pid || !ownedByUs(stat.pid)) continue;
    const token = tokens.find((t) => environHas(stat.pid, `${CHILD_TOKEN_VAR}=${t}`));
    if (token && processStartTime(stat.pid) === stat.startTime) found.set(stat.pid, { token, startTime: stat.startTime });
  }
  return found;
}

function trySignal(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/** Whether a process of group `pgid` still runs; zombies waiting for a parent do not count. */
function groupRunning(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  // Only reached when the group still has a process: look whether it is more than a zombie.
  return !HAS_PROC_TABLE || processTable().some((s) => s.pgid === pgid);
}
