// Every file the secrets layer writes goes through here: a temp file in the same folder, created with
// the final mode, flushed to disk, then renamed over the target, so a crash leaves the old file or the
// new one and never half of either. The folder is fsynced too, so the rename itself survives a crash.
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export async function writeFileAtomic(path: string, data: string, mode = 0o600): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const existing = await lstat(path).catch(() => null);
  if (existing?.isSymbolicLink()) throw new Error(`${path} is a symbolic link; Gatehouse does not write through links`);
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', mode);
  try {
    await handle.writeFile(data, 'utf8');
    // The umask may have narrowed the mode at creation; set it exactly.
    await handle.chmod(mode);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDir(dir);
}

async function syncDir(dir: string): Promise<void> {
  // Windows cannot open a directory for fsync; the rename is as durable as NTFS makes it there.
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
