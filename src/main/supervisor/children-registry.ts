// Records every child Gatehouse spawned (pid, start time, argv digest, the token of its tree and its
// cgroup) in a children file of this run, so that after an unclean exit a later run reaps exactly those
// orphans and what they left behind — and never a process it did not start, even one that reused the pid
// or runs the same command, nor the children of another gateway that is still alive (each run has its
// own file, stamped with its owner).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../common/atomic-write';
import { cgroupPids, isChildCgroup, killCgroup, removeCgroup } from './child-cgroup';
import { processStartTime, processTable } from './proc-table';
import { tokenCarriers, type TreeMarks } from './process-tree';

export { processStartTime } from './proc-table';

export interface ChildRecord {
  pid: number;
  server: string;
  startTime: string;
  argvHash: string;
  /** The GATEHOUSE_CHILD_ID its tree carries (absent in files written before trees were tracked). */
  token?: string;
  /** Its own cgroup v2 folder, if it had one. */
  cgroup?: string | null;
}

export function processArgvHash(pid: number): string | null {
  try {
    return createHash('sha256').update(readFileSync(`/proc/${pid}/cmdline`)).digest('hex');
  } catch {
    return null;
  }
}

interface ChildrenFile {
  owner: { pid: number; startTime: string | null };
  children: ChildRecord[];
}

const FILE_PATTERN = /^children-(\d+)\.json$/;

export class ChildrenRegistry {
  private readonly records = new Map<number, ChildRecord>();
  private readonly path: string;

  constructor(private readonly stateDir: string) {
    this.path = join(stateDir, `children-${process.pid}.json`);
  }

  add(pid: number, server: string, marks: TreeMarks | null): void {
    const startTime = processStartTime(pid);
    const argvHash = processArgvHash(pid);
    if (startTime === null || argvHash === null) return; // not Linux, or already gone
    this.records.set(pid, { pid, server, startTime, argvHash, token: marks?.token, cgroup: marks?.cgroup ?? null });
    this.save();
  }

  remove(pid: number): void {
    if (this.records.delete(pid)) this.save();
  }

  /**
   * Kills what children of a previous run left behind: the process group of a child whose pid, start
   * time and argv digest all still match (anything else is somebody else's process now), everything in
   * a cgroup it made for a child, and every process of our user still carrying one of its children's
   * tokens (grandchildren that left the group, even after the child itself died). Returns how many
   * processes were killed.
   */
  reapOrphans(log: (line: string) => void): number {
    let files: string[];
    try {
      files = readdirSync(this.stateDir).filter((name) => FILE_PATTERN.test(name));
    } catch {
      return 0; // no state folder yet: first run
    }
    const killed = new Set<number>();
    const orphanTokens = new Map<string, string>(); // token → server
    for (const name of files) {
      const path = join(this.stateDir, name);
      let file: ChildrenFile;
      try {
        file = JSON.parse(readFileSync(path, 'utf8')) as ChildrenFile;
      } catch {
        continue; // unreadable: nothing in it can be proven ours
      }
      // A live owner (same pid, same start time) is another running gateway: its children are not orphans.
      if (file.owner?.startTime && processStartTime(file.owner.pid) === file.owner.startTime) continue;
      for (const record of Array.isArray(file.children) ? file.children : []) {
        if (typeof record.token === 'string' && record.token) orphanTokens.set(record.token, record.server);
        if (typeof record.cgroup === 'string' && typeof record.token === 'string' && isChildCgroup(record.cgroup, record.token)) {
          for (const pid of cgroupPids(record.cgroup)) {
            killed.add(pid);
            log(`reaped orphaned process of a previous run: server "${record.server}", pid ${pid} (its cgroup)`);
          }
          killCgroup(record.cgroup);
          void removeWhenEmpty(record.cgroup);
        }
        if (processStartTime(record.pid) !== record.startTime || processArgvHash(record.pid) !== record.argvHash) continue;
        try {
          process.kill(-record.pid, 'SIGKILL');
          killed.add(record.pid);
          log(`reaped orphaned child of a previous run: server "${record.server}", pid ${record.pid}`);
        } catch {
          // gone between the check and the kill
        }
      }
      rmSync(path, { force: true });
    }
    // One read of /proc for every token: what escaped the group (setsid) still carries its child's token.
    const carriers = orphanTokens.size ? tokenCarriers(processTable(), [...orphanTokens.keys()]) : new Map<number, { token: string; startTime: string }>();
    for (const [pid, { token, startTime }] of carriers) {
      if (killed.has(pid) || processStartTime(pid) !== startTime) continue;
      try {
        process.kill(pid, 'SIGKILL');
        killed.add(pid);
        log(`reaped orphaned process of a previous run: server "${orphanTokens.get(token)}", pid ${pid} (carried its child's token)`);
      } catch {
        // gone meanwhile
      }
    }
    return killed.size;
  }

  /** A clean shutdown leaves nothing to reap. */
  close(): void {
    this.records.clear();
    rmSync(this.path, { force: true });
  }

  private save(): void {
    const file: ChildrenFile = { owner: { pid: process.pid, startTime: processStartTime(process.pid) }, children: [...this.records.values()] };
    writeFileAtomic(this.path, `${JSON.stringify(file)}\n`);
  }
}

/** A killed cgroup empties within moments; it can only be removed once it has. */
async function removeWhenEmpty(path: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if (removeCgroup(path)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}
