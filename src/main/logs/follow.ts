// `gatehouse logs --follow`: prints lines as they are appended until stopped. It polls (a stat per
// interval) rather than watching, because rotation replaces the file: when the path names a new file,
// the rest of the old one is read through the handle still open on it, then the new one from its start.
import { open, stat, type FileHandle } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FilePosition } from './read-tail';

export const FOLLOW_POLL_MS = 200;

interface Reading {
  handle: FileHandle;
  ino: number;
  offset: number;
  decoder: StringDecoder;
  partial: string;
}

async function openAt(path: string, from: FilePosition | null): Promise<Reading | null> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch {
    return null; // not there (yet): the next poll tries again
  }
  const { ino } = await handle.stat();
  // Only the file the tail was read from continues at its offset; a newer one is read from the start.
  const offset = from && from.ino === ino ? from.offset : 0;
  return { handle, ino, offset, decoder: new StringDecoder('utf8'), partial: '' };
}

/** Reads what was appended since the last read and hands over each complete line. */
async function readAppended(reading: Reading, onLine: (line: string) => void): Promise<void> {
  const chunk = Buffer.alloc(64 * 1024);
  for (;;) {
    const { bytesRead } = await reading.handle.read(chunk, 0, chunk.length, reading.offset);
    if (bytesRead === 0) return;
    reading.offset += bytesRead;
    const lines = (reading.partial + reading.decoder.write(chunk.subarray(0, bytesRead))).split('\n');
    reading.partial = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  }
}

export async function followFile(path: string, from: FilePosition | null, onLine: (line: string) => void, signal: AbortSignal, pollMs = FOLLOW_POLL_MS): Promise<void> {
  let reading = await openAt(path, from);
  try {
    while (!signal.aborted) {
      if (reading) await readAppended(reading, onLine);
      await sleep(pollMs, undefined, { signal }).catch(() => undefined);
      if (signal.aborted) break;
      const now = await stat(path).catch(() => null);
      if (reading && now?.ino !== reading.ino) {
        // Rotated (or removed): finish the old file first, so no line is lost or reordered.
        await readAppended(reading, onLine);
        if (reading.partial) onLine(reading.partial);
        await reading.handle.close();
        reading = null;
      } else if (reading && now && now.size < reading.offset) {
        reading.offset = 0; // truncated in place
        reading.partial = '';
      }
      reading ??= now ? await openAt(path, null) : null;
    }
  } finally {
    await reading?.handle.close();
  }
}
