// An append-only line file that rotates by size (gateway.log, audit.jsonl). Lines are queued and
// written in one asynchronous append per event-loop turn, so a busy gateway never waits on the disk
// for each line. It never throws into its caller: the first failure (a full disk, a folder removed, a
// link planted at the path) is reported once and the file is written no more. The file is created
// 0600 in a 0700 folder and never written through a symbolic link (architecture rule 6).
import { closeSync, constants, mkdirSync, openSync, writeSync } from 'node:fs';
import { chmod, lstat, mkdir, open, rename, stat, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { KEEP_ROTATED, MAX_LOG_BYTES } from './paths';

export interface RotatingFileOptions {
  maxBytes?: number;
  /** Rotated copies kept beside the file (`.1` newest … `.keep` oldest); at least 1. */
  keep?: number;
  /** Told once, when the file stops being written. */
  onFailure?: (message: string) => void;
  /** How often the open file is checked against its path (rotated or removed by another process). */
  recheckMs?: number;
  /**
   * How long queued lines wait before their batch is written (default 0: the next event-loop turn). A
   * file written on every request (audit.jsonl) waits longer, so a busy gateway makes one write per batch
   * of requests instead of one per request; flush() and the exit hook still write everything queued.
   */
  batchMs?: number;
}

export interface RotatingFile {
  readonly path: string;
  /** Queues one line (a newline is added); never throws, never waits. */
  write(line: string): void;
  /** Resolves once every line queued so far is on disk (or the file has failed). */
  flush(): Promise<void>;
}

interface Tracked extends RotatingFile {
  flushSync(): void;
}

// Files with queued lines: written synchronously if the process exits before their turn comes.
const unwritten = new Set<Tracked>();
let exitHookInstalled = false;

function track(file: Tracked): void {
  unwritten.add(file);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const queued of [...unwritten]) queued.flushSync();
  });
}

/** Waits (at most `timeoutMs`) for every rotating file in this process to write its queued lines. */
export async function flushOpenFiles(timeoutMs = 2000): Promise<void> {
  const files = [...unwritten];
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
    timer.unref();
  });
  await Promise.race([Promise.all(files.map((file) => file.flush())), deadline]);
  clearTimeout(timer);
}

// O_NOFOLLOW keeps a link planted at the path from redirecting our writes; Windows has no such flag.
const APPEND_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0);

const reason = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));

export function openRotatingFile(path: string, options: RotatingFileOptions = {}): RotatingFile {
  const maxBytes = options.maxBytes ?? MAX_LOG_BYTES;
  const keep = Math.max(1, options.keep ?? KEEP_ROTATED);
  const recheckMs = options.recheckMs ?? 2000;
  const batchMs = options.batchMs ?? 0;
  const report = options.onFailure ?? ((message: string) => process.stderr.write(`gatehouse: ${message}\n`));
  let queue: string[] = [];
  let writing: Promise<void> | null = null;
  let scheduled = false;
  let failed = false;
  let prepared = false;

  const fail = (error: unknown) => {
    if (failed) return;
    failed = true;
    queue = [];
    void closeHandle().catch(() => undefined);
    unwritten.delete(file);
    // ENOENT once the folder was made means it was removed under a running gateway (state wiped, a
    // test cleaning up): recreating it would resurrect what was deleted, and there is nothing to report.
    if (prepared && (error as NodeJS.ErrnoException).code === 'ENOENT') return;
    report(`cannot write ${path} (${reason(error)}); it is not written any more until Gatehouse restarts`);
  };

  // Before the first write: the folder exists and is private, an existing file is a private regular file.
  const prepare = async () => {
    const dir = dirname(path);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    if (process.platform !== 'win32' && ((await stat(dir)).mode & 0o077) !== 0) await chmod(dir, 0o700);
    const existing = await lstat(path).catch(() => null);
    if (existing?.isSymbolicLink()) throw new Error('it is a symbolic link');
    if (existing && !existing.isFile()) throw new Error('it is not a regular file');
    if (existing && process.platform !== 'win32' && (existing.mode & 0o077) !== 0) await chmod(path, 0o600);
    prepared = true;
  };

  // The file stays open between batches (an open/stat/close per audited call was measurable on the
  // invoke path); its size is tracked here.
  let handle: FileHandle | null = null;
  let size = 0;
  let checkedAt = 0;

  const openHandle = async () => {
    handle = await open(path, APPEND_FLAGS, 0o600);
    size = (await handle.stat()).size;
    checkedAt = Date.now();
  };

  const closeHandle = async () => {
    const open = handle;
    handle = null;
    await open?.close();
  };

  // Another process (a second gateway) may append or rotate too, and the file may be removed: every
  // recheckMs the path is compared with the open file, and a grown or replaced file is picked up.
  const ensureOpen = async () => {
    if (handle && Date.now() - checkedAt < recheckMs) return;
    if (handle) {
      const [onDisk, ours] = await Promise.all([stat(path).catch(() => null), handle.stat()]);
      checkedAt = Date.now();
      if (onDisk && onDisk.ino === ours.ino && onDisk.dev === ours.dev) {
        size = onDisk.size;
        return;
      }
      await closeHandle();
    }
    await openHandle();
  };

  const append = async (text: string, bytes: number) => {
    await (handle as FileHandle).appendFile(text);
    size += bytes;
  };

  // `.keep-1` → `.keep` (replacing the oldest), …, `.1` → `.2`, the file → `.1`.
  const rotate = async () => {
    for (let i = keep - 1; i >= 0; i--) {
      await rename(i === 0 ? path : `${path}.${i}`, `${path}.${i + 1}`).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
  };

  const writeBatch = async (lines: string[]) => {
    if (!prepared) await prepare();
    await ensureOpen();
    let chunk = '';
    let chunkBytes = 0;
    for (const line of lines) {
      const bytes = Buffer.byteLength(line);
      if (size + chunkBytes + bytes > maxBytes && size + chunkBytes > 0) {
        if (chunk) await append(chunk, chunkBytes);
        await closeHandle();
        await rotate();
        await openHandle();
        chunk = '';
        chunkBytes = 0;
      }
      chunk += line;
      chunkBytes += bytes;
    }
    if (chunk) await append(chunk, chunkBytes);
  };

  const run = async () => {
    try {
      while (queue.length && !failed) {
        const batch = queue;
        queue = [];
        await writeBatch(batch);
      }
    } catch (error) {
      fail(error);
    }
  };

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    const later = () => {
      scheduled = false;
      void drain();
    };
    // Unref'd: a queued batch never keeps the process alive (the exit hook writes it).
    if (batchMs > 0) setTimeout(later, batchMs).unref();
    else setImmediate(later);
  };

  // One write in flight at a time; lines queued while it runs go in the next batch.
  const drain = (): Promise<void> => {
    writing ??= run().finally(() => {
      writing = null;
      if (queue.length && !failed) schedule();
      else unwritten.delete(file);
    });
    return writing;
  };

  const file: Tracked = {
    path,
    write(line) {
      if (failed) return;
      queue.push(line.endsWith('\n') ? line : `${line}\n`);
      track(file);
      schedule();
    },
    async flush() {
      while ((queue.length || writing) && !failed) await drain();
    },
    // Exit path only: the event loop is gone, so the queue is appended in one synchronous write
    // (no rotation; the next start rotates an oversized file on its first batch).
    flushSync() {
      if (failed || !queue.length) return;
      try {
        mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
        const fd = openSync(path, APPEND_FLAGS, 0o600);
        try {
          writeSync(fd, queue.join(''));
        } finally {
          closeSync(fd);
        }
        queue = [];
      } catch (error) {
        fail(error);
      }
    },
  };
  return file;
}
