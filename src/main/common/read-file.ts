// The one way Gatehouse reads a config-like file: only a regular file, never more than a cap, and never by
// blocking on the open. A checkout (or a link in the user's folders) can point a config path at /dev/zero,
// a FIFO or /dev/stdin; a plain readFileSync would then grow without end, hang for good, or swallow the
// MCP client's own messages. Refusals are values with a stable code and a plain reason (never thrown),
// and a missing file stays distinguishable so "absent" is not an error.
import { closeSync, constants, fstatSync, lstatSync, openSync, readlinkSync, readSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { isSymlink } from './file-presence';

/** The cap for config-like files: far above any real config, far below trouble. */
export const CONFIG_MAX_BYTES = 1024 * 1024;

export type ReadRefusalCode = 'missing' | 'symlink' | 'not_regular' | 'too_large' | 'unreadable';

export interface ReadRefusal {
  ok: false;
  code: ReadRefusalCode;
  /** Plain words that follow the file's path: "is a named pipe (FIFO), not a regular file". */
  reason: string;
  /** The system error code when there was one (ENOENT, EACCES, …). */
  errno: string | null;
}

export interface ReadOk {
  ok: true;
  bytes: Buffer;
}

export type ReadResult = ReadOk | ReadRefusal;

export interface ReadOptions {
  /** Refuse more than this many bytes (default CONFIG_MAX_BYTES). */
  maxBytes?: number;
  /**
   * Follow a symlink at the last component (default false). The user's own files may be links (dotfile
   * managers make them) as long as they end at a regular file; project files may not.
   */
  followSymlink?: boolean;
}

// O_NONBLOCK: opening a FIFO with no writer must return at once (it is refused right after, by fstat).
// O_NOFOLLOW: a final symlink fails the open with ELOOP. Both are 0 where the platform lacks them
// (Windows), where the lstat below still refuses a link.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

function refusal(code: ReadRefusalCode, reason: string, errno: string | null = null): ReadRefusal {
  return { ok: false, code, reason, errno };
}

function mib(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return Number.isInteger(value) ? `${value} MiB` : `${value.toFixed(1)} MiB`;
}

/** What a non-regular file is, in words. */
function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  if (stats.isDirectory()) return 'a folder';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

function notRegular(stats: Stats): ReadRefusal {
  const kind = kindOf(stats);
  return refusal('not_regular', kind === 'not a regular file' ? 'is not a regular file' : `is ${kind}, not a regular file`);
}

function linkTarget(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return '?';
  }
}

function symlinkReason(path: string): string {
  return `is a symbolic link (to ${linkTarget(path)})`;
}

function fromError(error: unknown, path: string): ReadRefusal {
  const errno = (error as NodeJS.ErrnoException).code ?? null;
  if (errno === 'ENOENT' || errno === 'ENOTDIR') return refusal('missing', 'does not exist', errno);
  // ELOOP from O_NOFOLLOW (EMLINK on FreeBSD) means the last component is a link: say where it points.
  if ((errno === 'ELOOP' || errno === 'EMLINK') && isSymlink(path)) return refusal('symlink', symlinkReason(path), errno);
  if (errno === 'EISDIR') return refusal('not_regular', 'is a folder, not a regular file', errno);
  if (errno === 'EACCES' || errno === 'EPERM') return refusal('unreadable', `cannot be read (${errno}); check its permissions`, errno);
  return refusal('unreadable', `cannot be read (${errno ?? 'error'})`, errno);
}

/** A file's identity, to check that what was opened is the file that was meant. */
interface FileIdentity {
  dev: number;
  ino: number;
}

/**
 * Reads a regular file, at most `maxBytes`. Stats first so a FIFO or device is usually never even opened,
 * then opens non-blocking (and without following a final link unless asked), checks the open descriptor
 * again (the path may have changed in between), and reads from that same descriptor.
 */
export function readRegularFile(path: string, options: ReadOptions = {}): ReadResult {
  return readChecked(path, options, null);
}

function readChecked(path: string, options: ReadOptions, expected: ((opened: FileIdentity) => ReadRefusal | null) | null): ReadResult {
  const maxBytes = options.maxBytes ?? CONFIG_MAX_BYTES;
  const follow = options.followSymlink ?? false;
  let before: Stats;
  try {
    before = follow ? statSync(path) : lstatSync(path);
  } catch (error) {
    return fromError(error, path);
  }
  if (before.isSymbolicLink()) return refusal('symlink', symlinkReason(path));
  if (!before.isFile()) return notRegular(before);
  if (before.size > maxBytes) return tooLarge(before.size, maxBytes);

  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS | (follow ? 0 : NO_FOLLOW));
  } catch (error) {
    return fromError(error, path);
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile()) return notRegular(opened);
    const mismatch = expected?.({ dev: opened.dev, ino: opened.ino });
    if (mismatch) return mismatch;
    return readCapped(fd, maxBytes);
  } catch (error) {
    return fromError(error, path);
  } finally {
    closeSync(fd);
  }
}

function tooLarge(size: number | null, maxBytes: number): ReadRefusal {
  const got = size === null ? `more than ${maxBytes} bytes` : `${size} bytes`;
  return refusal('too_large', `is larger than ${mib(maxBytes)} (${got}), the limit for this file`);
}

/** Reads at most maxBytes + 1 bytes: one more than allowed proves the file is over the cap. */
function readCapped(fd: number, maxBytes: number): ReadResult {
  const buffer = Buffer.alloc(Math.min(maxBytes + 1, 64 * 1024));
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const room = Math.min(buffer.length, maxBytes + 1 - total);
    if (room <= 0) break;
    const read = readSync(fd, buffer, 0, room, null);
    if (read === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, read)));
    total += read;
  }
  if (total > maxBytes) return tooLarge(null, maxBytes);
  return { ok: true, bytes: Buffer.concat(chunks, total) };
}

const PROJECT_RULE = 'Gatehouse reads project files only as regular files';

/**
 * Reads `<root>/<relativePath>` as a project file: no symlink at the last component nor at any folder
 * between the root and the file (`.gatehouse` as a link to another checkout is refused too), while the
 * root's own path may go through links (checkouts often live under a linked folder). The refusal's
 * reason names the component that was refused when it is not the file itself.
 */
export function readProjectFile(root: string, relativePath: string, options: Omit<ReadOptions, 'followSymlink'> = {}): ReadResult {
  const parts = relativePath.split(/[\\/]+/).filter(Boolean);
  const folders = parts.slice(0, -1);
  let dir = root;
  for (const folder of folders) {
    dir = join(dir, folder);
    const checked = checkFolder(dir);
    if (checked) return checked;
  }
  const path = join(root, ...parts);
  let folderRefusal: ReadRefusal | null = null;
  // Checked again after the open: a folder swapped for a link between the walk and the open would have
  // opened another checkout's file, whose identity then differs from the file at the expected place.
  const result = readChecked(path, { ...options, followSymlink: false }, (opened) => {
    for (let i = 1; i <= folders.length; i++) {
      folderRefusal = checkFolder(join(root, ...folders.slice(0, i)));
      if (folderRefusal) return folderRefusal;
    }
    try {
      const now = lstatSync(path);
      if (now.dev === opened.dev && now.ino === opened.ino) return null;
    } catch {
      // gone since the open: refused below
    }
    return refusal('unreadable', 'changed while it was being read (it or a folder on its path was replaced); read it again');
  });
  // The file itself is not a regular file: say what to do instead (a folder's refusal already says it).
  if (result.ok || result === folderRefusal) return result;
  if (result.code === 'symlink') return { ...result, reason: `${result.reason}; ${PROJECT_RULE}: replace the link with a copy and review it` };
  if (result.code === 'not_regular') return { ...result, reason: `${result.reason}; ${PROJECT_RULE}: replace it with one and review it` };
  return result;
}

function checkFolder(dir: string): ReadRefusal | null {
  let stats: Stats;
  try {
    stats = lstatSync(dir);
  } catch (error) {
    return fromError(error, dir);
  }
  if (stats.isSymbolicLink()) {
    return refusal('symlink', `cannot be read: ${dir} ${symlinkReason(dir)}; Gatehouse reads project files only through the project's own folders: replace the link with a real folder and review the files in it`);
  }
  // A file where the folder should be means the file cannot exist there: absent, as before.
  if (!stats.isDirectory()) return refusal('missing', `does not exist (${dir} is not a folder)`, 'ENOTDIR');
  return null;
}
