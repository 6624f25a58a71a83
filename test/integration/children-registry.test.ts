// Orphan reaping after an unclean exit, with real processes: only children recorded by a dead gateway,
// and only while pid, start time and argv still match, are killed.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
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
