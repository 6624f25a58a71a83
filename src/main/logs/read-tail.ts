// The last lines of a rotating file, read across its rotated copies in order (`.3` … `.1`, then the file
// itself), for `gatehouse logs`. A line still being written (no newline yet) is left for the follower.
import { readFile, stat } from 'node:fs/promises';
import { KEEP_ROTATED, rotationOrder } from './paths';

/** Where the complete lines of the current file end: `gatehouse logs --follow` continues from here. */
export interface FilePosition {
  ino: number;
  offset: number;
}

export interface Tail {
  lines: string[];
  /** Null when only rotated copies exist (the gateway has not written since it rotated). */
  end: FilePosition | null;
}

async function readIfThere(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Complete lines of a buffer and how many bytes they span. */
export function completeLines(buffer: Buffer): { lines: string[]; bytes: number } {
  const bytes = buffer.lastIndexOf(0x0a) + 1;
  const text = buffer.subarray(0, bytes).toString('utf8');
  return { lines: bytes ? text.slice(0, -1).split('\n') : [], bytes };
}

/** The last `count` lines that `keep` accepts, oldest first; null when neither the file nor any copy exists. */
export async function tailLines(path: string, count: number, keep: (line: string) => boolean = () => true, copies = KEEP_ROTATED): Promise<Tail | null> {
  let found = false;
  let end: FilePosition | null = null;
  let lines: string[] = [];
  for (const file of rotationOrder(path, copies).reverse()) {
    // The inode is taken before reading, so a rotation in between makes --follow start on the new file.
    const ino = file === path ? ((await stat(file).catch(() => null))?.ino ?? null) : null;
    const buffer = await readIfThere(file);
    if (!buffer) continue;
    found = true;
    const complete = completeLines(buffer);
    if (ino !== null) end = { ino, offset: complete.bytes };
    if (lines.length >= count) break;
    lines = [...complete.lines.filter(keep).slice(-(count - lines.length)), ...lines];
  }
  return found ? { lines, end } : null;
}
