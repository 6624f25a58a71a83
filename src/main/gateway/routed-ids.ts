// Task ids and gateway.tasks_list cursors as clients see them when this gateway is one of several
// replicas behind a load balancer (common/replica.ts): prefixed with the replica id on the way out, and
// checked and stripped on the way back. The two arguments carry `x-mcp-header` (SEP-2243), so a
// 2026-07-28 client mirrors them into `Mcp-Param-Task-Id` / `Mcp-Param-Cursor` headers and the balancer
// sends the request to the replica that holds the task without reading the body. Without a replica id
// (one gateway) ids pass through unchanged.
import { replicaIdFrom, splitReplica, withReplica } from '../common/replica';

/** The `x-mcp-header` names: the request headers are `Mcp-Param-Task-Id` and `Mcp-Param-Cursor`. */
export const TASK_ID_HEADER = 'Task-Id';
export const CURSOR_HEADER = 'Cursor';

/** A downstream id as handed to the client. */
export function outwardId(id: string): string {
  return withReplica(replicaIdFrom(), id);
}

/** The id this replica knows for what a client sent, or the other replica that made it. */
export function inwardId(value: string): { ok: true; id: string } | { ok: false; replica: string; here: string } {
  const here = replicaIdFrom();
  if (!here) return { ok: true, id: value };
  const { replica, id } = splitReplica(value);
  if (replica === null) return { ok: true, id: value };
  return replica === here ? { ok: true, id } : { ok: false, replica, here };
}

/** Why a routed id reached the wrong replica, and what routes it right. */
export function misroutedText(what: string, replica: string, here: string): string {
  return `${what} belongs to gateway replica "${replica}", but this request reached replica "${here}"; ` +
    'the load balancer routes it by the Mcp-Param-Task-Id / Mcp-Param-Cursor header, which 2026-07-28 clients send once they have listed the tools';
}
