// Task ids and tasks_list cursors behind a load balancer (issue 19): with GATEHOUSE_REPLICA_ID set they
// leave prefixed with the replica and come back checked — this replica's are stripped, another's refused,
// unprefixed ones taken whole; a cursor another replica signed never reads as this one's.
import { afterEach, expect, it } from 'vitest';
import { inwardId, outwardId } from '../../../src/main/gateway/routed-ids';
import { readTaskCursor, TASKS_PAGE_SIZE, taskPage } from '../../../src/main/gateway/task-pages';
import { taskInfo } from '../../../src/main/gateway/task-info';
import type { TaskRecord } from '../../../src/main/supervisor/task-records';

const saved = process.env.GATEHOUSE_REPLICA_ID;
afterEach(() => {
  if (saved === undefined) delete process.env.GATEHOUSE_REPLICA_ID;
  else process.env.GATEHOUSE_REPLICA_ID = saved;
});

const viewer = { operator: false as const, sessionId: 's-1' };
const records: TaskRecord[] = Array.from({ length: TASKS_PAGE_SIZE + 1 }, (_, i) => ({
  owner: 's-1',
  server: 'jobs',
  toolId: 'jobs::report',
  task: { taskId: `report-${i}`, status: 'working' },
  recordedAt: 1_000 + i,
}));

it('leaves ids alone without a replica id', () => {
  delete process.env.GATEHOUSE_REPLICA_ID;
  expect(outwardId('report-1')).toBe('report-1');
  expect(inwardId('r2~report-1')).toEqual({ ok: true, id: 'r2~report-1' });
  expect(taskInfo({ taskId: 'report-1', status: 'working' }).task_id).toBe('report-1');
});

it('prefixes task ids with the replica and takes back only its own', () => {
  process.env.GATEHOUSE_REPLICA_ID = 'r1';
  expect(taskInfo({ taskId: 'report-1', status: 'working' }).task_id).toBe('r1~report-1');
  expect(inwardId('r1~report-1')).toEqual({ ok: true, id: 'report-1' });
  expect(inwardId('report-1')).toEqual({ ok: true, id: 'report-1' });
  expect(inwardId('r2~report-1')).toEqual({ ok: false, replica: 'r2', here: 'r1' });
});

it('signs cursors under the replica prefix and refuses another replica\'s', () => {
  process.env.GATEHOUSE_REPLICA_ID = 'r1';
  const { nextCursor } = taskPage(records, viewer, null);
  expect(nextCursor).toMatch(/^r1~[^~]+\.[^~]+$/);
  const read = readTaskCursor(nextCursor ?? undefined, viewer);
  expect(read.ok).toBe(true);
  expect(taskPage(records, viewer, read.ok ? read.after : null).page.map((r) => r.task.taskId)).toEqual([`report-${TASKS_PAGE_SIZE}`]);
  // The same signed cursor under another replica's name is that replica's, not this one's.
  const foreign = `r2~${(nextCursor ?? '').slice(3)}`;
  expect(readTaskCursor(foreign, viewer)).toMatchObject({ ok: false, error: { code: 'E304' } });
});
