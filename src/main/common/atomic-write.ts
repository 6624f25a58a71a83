// Every file Gatehouse writes goes through here (architecture rule 6): a temp file created beside the
// target with its final mode, written, fsynced, renamed over the target, and the folder fsynced, so a
// crash leaves the old file or the new one — never half of either — and nobody can read it in between.
// A symbolic link at the target is refused: Gatehouse never writes through links.
import { randomBytes } from 'node:crypto';
import { closeSync, fchmodSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { isSymlink } from './file-presence';

export class SymlinkRefused extends Error {
  constructor(readonly path: string) {
    super(`${path} is a symbolic link; Gatehouse does not write through links`);
    this.name = 'SymlinkRefused';
  }
}

export interface AtomicWriteOptions {
  /**
   * Runs once the temp file is complete and synced, just before it replaces the target; throwing aborts
   * the write (the temp file is removed, the target untouched). Lets a writer check, as late as possible,
   * that nobody changed the target since it was read.
   */
  beforeRename?: () => void;
}

export function writeFileAtomic(path: string, content: string | Uint8Array, mode = 0o600, options: AtomicWriteOptions = {}): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (isSymlink(path)) throw new SymlinkRefused(path);
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx', mode);
  try {
    writeSync(fd, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
    // The umask may have narrowed the mode at creation; set it exactly.
    fchmodSync(fd, mode);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    options.beforeRename?.();
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  syncFolder(dir);
}

function syncFolder(dir: string): void {
  // Windows cannot open a folder for fsync; the rename is as durable as NTFS makes it there.
  if (process.platform === 'win32') return;
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // A folder we cannot open for reading still got the rename.
  }
}
