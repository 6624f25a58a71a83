// Pages of gateway.tasks_list (contract §2.6 `cursor?` → `next_cursor`). The contract names no page size;
// 50 keeps an answer small while a session's usual handful of tasks still fits on one page.
//
// The cursor names the last task of the page it ends (keyset: tasks added or evicted between pages
// neither repeat nor shift the rest) and is signed with an HMAC over that position and the viewer, under
// a key made when the gateway starts. So an edited cursor, another session's cursor and one from an
// earlier run (stale: the key changed) are all refused with E304 rather than misread.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { GatewayError } from '../common/errors';
import type { Viewer } from '../supervisor/pending-calls';
import type { TaskRecord } from '../supervisor/task-records';
import { inwardId, outwardId } from './routed-ids';

export const TASKS_PAGE_SIZE = 50;

const KEY = randomBytes(32);

type Position = [recordedAt: number, server: string, taskId: string];

function positionOf(record: TaskRecord): Position {
  return [record.recordedAt, record.server, record.task.taskId];
}

/** Oldest first; server and task id break ties between tasks recorded in the same millisecond. */
function compare(a: Position, b: Position): number {
  return a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0);
}

function signature(payload: string, viewer: Viewer): Buffer {
  const who = viewer.operator ? 'operator' : `session:${viewer.sessionId}`;
  return createHmac('sha256', KEY).update(who).update('\n').update(payload).digest();
}

function encode(position: Position, viewer: Viewer): string {
  const payload = Buffer.from(JSON.stringify(position)).toString('base64url');
  return outwardId(`${payload}.${signature(payload, viewer).toString('base64url')}`);
}

function decode(cursor: string, viewer: Viewer): Position | null {
  const routed = inwardId(cursor);
  if (!routed.ok) return null;
  const [payload, mac, extra] = routed.id.split('.');
  if (!payload || !mac || extra !== undefined) return null;
  const expected = signature(payload, viewer);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  // Signed by this gateway, so the payload is the tuple it wrote.
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Position;
}

export type TaskCursor = { ok: true; after: Position | null } | { ok: false; error: GatewayError };

/** Where a page starts: the beginning without a cursor, else after the position it names for this viewer. */
export function readTaskCursor(cursor: string | undefined, viewer: Viewer): TaskCursor {
  if (!cursor) return { ok: true, after: null };
  const after = decode(cursor, viewer);
  if (after) return { ok: true, after };
  return {
    ok: false,
    error: new GatewayError(
      'E304',
      'cursor is not a gateway.tasks_list cursor of this session (edited, from another session or gateway replica, or from before the gateway restarted)',
      { field: 'cursor' },
      'call gateway.tasks_list without cursor to start again from the first page',
    ),
  };
}

/** Up to a page of the viewer's records after `after`, and the cursor of the next page when there is one. */
export function taskPage(records: TaskRecord[], viewer: Viewer, after: Position | null): { page: TaskRecord[]; nextCursor: string | null } {
  const rest = records
    .map((record) => ({ record, position: positionOf(record) }))
    .filter(({ position }) => !after || compare(position, after) > 0)
    .sort((a, b) => compare(a.position, b.position));
  const page = rest.slice(0, TASKS_PAGE_SIZE);
  const last = page.at(-1);
  return { page: page.map(({ record }) => record), nextCursor: rest.length > TASKS_PAGE_SIZE && last ? encode(last.position, viewer) : null };
}
