// The lock that serialises setup writes, with real files and real processes: a live holder makes a
// writer wait and then refuse naming the lock file; a holder that died (or whose pid now belongs to a
// process with another start time) leaves a stale lock that is broken; a release never removes a lock
// that is not the releaser's.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireTargetLock, lockPathFor, processStartTime } from '../../../src/main/clients/target-lock';

let dir: string;
let target: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-lock-'));
  target = join(dir, 'mcp.json');
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function writeLock(owner: Record<string, unknown>): string {
  const text = JSON.stringify({ host: hostname(), nonce: 'theirs', created_at: '2026-01-01T00:00:00.000Z', ...owner });
  writeFileSync(lockPathFor(target), text);
  return text;
}

/** A real process that stays alive: the holder of a lock another setup run took. */
async function liveProcess(): Promise<{ pid: number; start: string }> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  const pid = child.pid as number;
  const start = processStartTime(pid);
  if (start === null) throw new Error('this test needs /proc (Linux)');
  return { pid, start };
}

describe('taking the lock', () => {
  it('creates the lock file next to the target, and release removes it', async () => {
    const result = await acquireTargetLock(target);
    if (!result.ok) throw new Error(result.problem.message);
    expect(result.lock.path).toBe(`${target}.gatehouse.lock`);
    expect(JSON.parse(readFileSync(result.lock.path, 'utf8'))).toMatchObject({ pid: process.pid, start: processStartTime(process.pid), host: hostname() });
    expect(result.lock.held()).toBe(true);
    result.lock.release();
    expect(existsSync(result.lock.path)).toBe(false);
  });

  it('makes a second writer wait until the first releases', async () => {
    const first = await acquireTargetLock(target);
    if (!first.ok) throw new Error(first.problem.message);
    let secondDone = false;
    const second = acquireTargetLock(target, { waitMs: 60_000 }).then((result) => {
      secondDone = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(secondDone).toBe(false);
    first.lock.release();
    const result = await second;
    expect(result.ok).toBe(true);
    if (result.ok) result.lock.release();
  });
});

describe('a lock held by someone else', () => {
  it('is waited for, then refused naming the lock file and its holder; the lock stays', async () => {
    const holder = await liveProcess();
    const text = writeLock({ pid: holder.pid, start: holder.start });
    const result = await acquireTargetLock(target, { waitMs: 200 });
    expect(result).toMatchObject({ ok: false, problem: { code: 'locked' } });
    if (result.ok) return;
    expect(result.problem.message).toContain(`E103 write refused: ${target} is being written by another Gatehouse setup (pid ${holder.pid}`);
    expect(result.problem.message).toContain(`delete ${lockPathFor(target)}`);
    expect(readFileSync(lockPathFor(target), 'utf8')).toBe(text);
  });

  it('breaks the lock of a process that died', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']);
    writeLock({ pid: dead.pid, start: '1' });
    const result = await acquireTargetLock(target, { waitMs: 200 });
    if (!result.ok) throw new Error(result.problem.message);
    expect(JSON.parse(readFileSync(lockPathFor(target), 'utf8'))).toMatchObject({ pid: process.pid });
    result.lock.release();
  });

  it('breaks the lock of a pid that now belongs to a process started at another time', async () => {
    const holder = await liveProcess();
    writeLock({ pid: holder.pid, start: `${holder.start}0` });
    const result = await acquireTargetLock(target, { waitMs: 200 });
    expect(result.ok).toBe(true);
    if (result.ok) result.lock.release();
  });

  it('never judges a lock from another host stale by its pid', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']);
    writeLock({ pid: dead.pid, start: '1', host: `not-${hostname()}` });
    const result = await acquireTargetLock(target, { waitMs: 100 });
    expect(result).toMatchObject({ ok: false, problem: { code: 'locked', message: expect.stringContaining(` on not-${hostname()}`) } });
  });

  it('waits for an unreadable lock file (an owner still writing it) and breaks it once it is old', async () => {
    writeFileSync(lockPathFor(target), '');
    expect(await acquireTargetLock(target, { waitMs: 100 })).toMatchObject({ ok: false, problem: { code: 'locked' } });
    const old = new Date(Date.now() - 120_000);
    utimesSync(lockPathFor(target), old, old);
    const result = await acquireTargetLock(target, { waitMs: 100 });
    expect(result.ok).toBe(true);
    if (result.ok) result.lock.release();
  });

  it('leaves a lock alone on release once someone else holds it', async () => {
    const result = await acquireTargetLock(target);
    if (!result.ok) throw new Error(result.problem.message);
    const text = writeLock({ pid: process.pid, start: processStartTime(process.pid) });
    expect(result.lock.held()).toBe(false);
    result.lock.release();
    expect(readFileSync(lockPathFor(target), 'utf8')).toBe(text);
  });
});
