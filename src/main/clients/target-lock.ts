// An exclusive lock on a client config file for the length of one read-merge-write, so that concurrent
// `gatehouse setup --write` runs (a script adding several entries, two terminals) queue up instead of
// each writing its own stale copy over the others'. The lock is a file created with O_EXCL next to the
// target, holding its owner's pid, process start time, host and a random nonce. A lock whose owner is
// gone (its pid is dead, or now belongs to a process with another start time) is stale and is broken;
// a live one is waited for, up to a bound, then the write is refused naming the lock file.
import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import type { SetupProblem } from './target-file';

export const LOCK_SUFFIX = '.gatehouse.lock';
export const DEFAULT_LOCK_WAIT_MS = 10_000;
const POLL_MS = 25;
/** A lock file still empty or unreadable after this long was left by an owner that died while creating it. */
const UNWRITTEN_LOCK_STALE_MS = 30_000;

interface LockOwner {
  pid: number;
  /** Kernel start time of the pid (Linux), so a reused pid is not mistaken for the owner. */
  start: string | null;
  host: string;
  nonce: string;
  created_at: string;
}

export interface TargetLock {
  path: string;
  /** True while the lock file is still this holder's (nobody broke it as stale). */
  held(): boolean;
  /** Removes the lock file if it is still this holder's. */
  release(): void;
}

export type LockResult = { ok: true; lock: TargetLock } | { ok: false; problem: SetupProblem };

export interface LockOptions {
  waitMs?: number;
}

export function lockPathFor(target: string): string {
  return `${target}${LOCK_SUFFIX}`;
}

/** The kernel's start time of a process (clock ticks since boot); null where it cannot be read (not Linux, gone). */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22, counted after the command name, which is in parentheses and may itself hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseOwner(bytes: Buffer): LockOwner | null {
  try {
    const value = JSON.parse(bytes.toString('utf8')) as Partial<LockOwner>;
    if (typeof value.pid !== 'number' || typeof value.nonce !== 'string' || typeof value.host !== 'string') return null;
    return { pid: value.pid, start: typeof value.start === 'string' ? value.start : null, host: value.host, nonce: value.nonce, created_at: String(value.created_at ?? '') };
  } catch {
    return null;
  }
}

type Holder = { gone: true } | { gone: false; bytes: Buffer; owner: LockOwner | null; stale: boolean };

function inspect(path: string): Holder {
  let bytes: Buffer;
  let ageMs: number;
  try {
    ageMs = Date.now() - lstatSync(path).mtimeMs;
    bytes = readFileSync(path);
  } catch {
    return { gone: true };
  }
  const owner = parseOwner(bytes);
  if (!owner) return { gone: false, bytes, owner, stale: ageMs > UNWRITTEN_LOCK_STALE_MS };
  // On another machine (a shared home folder) its pid says nothing here: never judged stale.
  if (owner.host !== hostname()) return { gone: false, bytes, owner, stale: false };
  if (!pidAlive(owner.pid)) return { gone: false, bytes, owner, stale: true };
  const start = owner.start === null ? null : processStartTime(owner.pid);
  return { gone: false, bytes, owner, stale: start !== null && start !== owner.start };
}

/**
 * Breaks a stale lock without breaking a fresh one that replaced it meanwhile: the file is moved aside
 * first and removed only if it is still the stale one we judged; otherwise it is put back.
 */
function breakStale(path: string, judged: Buffer): void {
  const aside = `${path}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch {
    return; // already gone: someone else broke it
  }
  try {
    if (!readFileSync(aside).equals(judged)) {
      try {
        linkSync(aside, path);
      } catch {
        // A third writer already holds a new lock; the owner we displaced sees it no longer holds its
        // lock (held() is false) before it commits, and retries.
      }
    }
  } finally {
    rmSync(aside, { force: true });
  }
}

function ownsLock(path: string, nonce: string): boolean {
  try {
    return parseOwner(readFileSync(path))?.nonce === nonce;
  } catch {
    return false;
  }
}

function lockedProblem(target: string, path: string, owner: LockOwner | null, waitMs: number): SetupProblem {
  const who = owner ? `Gatehouse setup (pid ${owner.pid}${owner.host !== hostname() ? ` on ${owner.host}` : ''}, since ${owner.created_at})` : 'Gatehouse setup';
  return {
    code: 'locked',
    message: `E103 write refused: ${target} is being written by another ${who}; waited ${waitMs >= 1000 ? `${Math.round(waitMs / 1000)} s` : `${waitMs} ms`} for its lock file ${path}. Nothing was written. Run setup again; if no other setup is running, delete ${path}.`,
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function acquireTargetLock(target: string, options: LockOptions = {}): Promise<LockResult> {
  const waitMs = options.waitMs ?? DEFAULT_LOCK_WAIT_MS;
  const path = lockPathFor(target);
  const owner: LockOwner = { pid: process.pid, start: processStartTime(process.pid), host: hostname(), nonce: randomBytes(12).toString('hex'), created_at: new Date().toISOString() };
  const deadline = Date.now() + waitMs;
  let last: LockOwner | null = null;
  for (;;) {
    try {
      // The folder is created as the write would create it (the lock is only taken to write).
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      // 'wx' is O_CREAT|O_EXCL: exactly one creator wins, and it never follows a link at that name.
      const fd = openSync(path, 'wx', 0o600);
      try {
        writeSync(fd, JSON.stringify(owner));
      } catch (error) {
        rmSync(path, { force: true }); // an empty lock would hold everyone off until judged stale
        throw error;
      } finally {
        closeSync(fd);
      }
      return {
        ok: true,
        lock: {
          path,
          held: () => ownsLock(path, owner.nonce),
          release: () => {
            if (ownsLock(path, owner.nonce)) rmSync(path, { force: true });
          },
        },
      };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        return { ok: false, problem: { code: 'write_failed', message: `E103 write failed: cannot create the lock file ${path} (${code ?? 'error'}); nothing was written. Check the folder's permissions.` } };
      }
    }
    const holder = inspect(path);
    if (holder.gone) continue;
    last = holder.owner ?? last;
    if (holder.stale) {
      breakStale(path, holder.bytes);
      continue;
    }
    if (Date.now() >= deadline) return { ok: false, problem: lockedProblem(target, path, last, waitMs) };
    // Jitter, so waiters that woke together do not keep colliding.
    await sleep(POLL_MS + Math.floor(Math.random() * POLL_MS));
  }
}
