// Records every child Gatehouse spawned (pid, start time, argv digest) in a children file of this run,
// so that after an unclean exit a later run reaps exactly those orphans — and never a process it did not
// start, even one that reused the pid or runs the same command, nor the children of another gateway
// that is still alive (each run has its own file, stamped with its owner).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../core/atomic-write';

export interface ChildRecord {
  pid: number;
  server: string;
  startTime: string;
  argvHash: string;
}

/** The kernel's start time of a process (clock ticks since boot); null where it cannot be read. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22, counted after the command name, which is in parentheses and may itself hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
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

  add(pid: number, server: string): void {
    const startTime = processStartTime(pid);
    const argvHash = processArgvHash(pid);
    if (startTime === null || argvHash === null) return; // not Linux, or already gone
    this.records.set(pid, { pid, server, startTime, argvHash });
    this.save();
  }

  remove(pid: number): void {
    if (this.records.delete(pid)) this.save();
  }

  /**
   * Kills the process groups of children a previous run left behind. A record counts only if pid, start
   * time and argv digest all still match: anything else is somebody else's process now.
   */
  reapOrphans(log: (line: string) => void): number {
    let files: string[];
    try {
      files = readdirSync(this.stateDir).filter((name) => FILE_PATTERN.test(name));
    } catch {
      return 0; // no state folder yet: first run
    }
    let reaped = 0;
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
        if (processStartTime(record.pid) !== record.startTime || processArgvHash(record.pid) !== record.argvHash) continue;
        try {
          process.kill(-record.pid, 'SIGKILL');
          reaped++;
          log(`reaped orphaned child of a previous run: server "${record.server}", pid ${record.pid}`);
        } catch {
          // gone between the check and the kill
        }
      }
      rmSync(path, { force: true });
    }
    return reaped;
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
