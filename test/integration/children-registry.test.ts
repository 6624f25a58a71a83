// Orphan reaping after an unclean exit, with real processes: only children recorded by a dead gateway,
// and only while pid, start time and argv still match, are killed.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ChildrenRegistry, processArgvHash, processStartTime } from '../../src/main/supervisor/children-registry';
import { processAlive, waitFor } from '../helpers/core';
import { createWorkspace, type Workspace } from '../helpers/workspace';

let workspace: Workspace;
let stateDir: string;
const spawned: number[] = [];

beforeEach(() => {
  workspace = createWorkspace();
  stateDir = join(workspace.root, 'state');
  mkdirSync(stateDir, { recursive: true });
});
afterEach(() => {
  for (const pid of spawned.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already reaped by the test
    }
  }
  workspace.cleanup();
});

/** A sleeping process in its own group, as Gatehouse spawns children. */
function sleeper(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { detached: true, stdio: 'ignore' });
  child.unref();
  spawned.push(child.pid!);
  return child.pid!;
}

function record(pid: number, overrides: Partial<{ startTime: string; argvHash: string }> = {}) {
  return { pid, server: 'demo', startTime: processStartTime(pid)!, argvHash: processArgvHash(pid)!, ...overrides };
}

function writeChildrenFile(ownerPid: number, ownerStart: string | null, children: unknown[]): void {
  writeFileSync(join(stateDir, `children-${ownerPid}.json`), JSON.stringify({ owner: { pid: ownerPid, startTime: ownerStart }, children }));
}

it('kills the recorded children of a gateway that is gone', async () => {
  const orphan = sleeper();
  writeChildrenFile(999_999, 'not-a-live-start-time', [record(orphan)]);
  const logs: string[] = [];
  expect(new ChildrenRegistry(stateDir).reapOrphans((line) => logs.push(line))).toBe(1);
  await waitFor(() => !processAlive(orphan), 'the orphan to die');
  expect(logs[0]).toContain(`pid ${orphan}`);
});

it('spares a process whose start time or argv no longer match (a reused pid)', () => {
  const stranger = sleeper();
  const other = sleeper();
  writeChildrenFile(999_998, 'gone', [record(stranger, { startTime: '1' }), record(other, { argvHash: 'f'.repeat(64) })]);
  expect(new ChildrenRegistry(stateDir).reapOrphans(() => {})).toBe(0);
  expect(processAlive(stranger)).toBe(true);
  expect(processAlive(other)).toBe(true);
});

it('spares the children of a gateway that is still running', () => {
  const child = sleeper();
  // This test process plays the live gateway: same pid, same start time.
  writeChildrenFile(process.pid, processStartTime(process.pid), [record(child)]);
  expect(new ChildrenRegistry(stateDir).reapOrphans(() => {})).toBe(0);
  expect(processAlive(child)).toBe(true);
});

/** A sleeper that left its parent's session and carries a Gatehouse child token, as an escaped grandchild would. */
function tokenCarrier(token: string): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { detached: true, stdio: 'ignore', env: { GATEHOUSE_CHILD_ID: token } });
  child.unref();
  spawned.push(child.pid!);
  return child.pid!;
}

it('kills what still carries the child token of a dead gateway\'s child, even when the child itself is gone', async () => {
  const token = 'a'.repeat(32);
  const escaped = tokenCarrier(token);
  const stranger = tokenCarrier('b'.repeat(32));
  // The recorded child (the group leader) is long gone: only the token still finds its escaped grandchild.
  writeChildrenFile(999_997, 'gone', [{ pid: 999_996, server: 'demo', startTime: '1', argvHash: 'f'.repeat(64), token, cgroup: null }]);
  const logs: string[] = [];
  expect(new ChildrenRegistry(stateDir).reapOrphans((line) => logs.push(line))).toBe(1);
  await waitFor(() => !running(escaped), 'the escaped grandchild to die');
  expect(running(stranger)).toBe(true);
  expect(logs.join('\n')).toContain(`pid ${escaped}`);
});

it('does not reap by the token of a gateway that is still running', () => {
  const token = 'c'.repeat(32);
  const carrier = tokenCarrier(token);
  writeChildrenFile(process.pid, processStartTime(process.pid), [{ pid: 999_995, server: 'demo', startTime: '1', argvHash: 'f'.repeat(64), token, cgroup: null }]);
  expect(new ChildrenRegistry(stateDir).reapOrphans(() => {})).toBe(0);
  expect(running(carrier)).toBe(true);
});

/** True while the process exists and has not exited (a killed orphan may linger as a zombie until init reaps it). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}
