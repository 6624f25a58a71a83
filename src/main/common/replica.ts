// The routing key for several gateways behind one load balancer (issue 19). Each replica has a short
// name (GATEHOUSE_REPLICA_ID: a pod name, `r1`, ...). Every id a client must bring back to the replica
// that made it — a handshake session id, a task id, a gateway.tasks_list cursor — starts with that name
// and `~`, so a balancer routes by reading one header (Mcp-Session-Id, or the Mcp-Param-* header a
// 2026-07-28 client mirrors the argument into) instead of sharing state between replicas. Without a
// replica id nothing is prefixed and ids look as they always did.
//
// Read from the environment, not passed down: it is a fact about the process, like its pid, and the
// gateway's task tools (which prefix task ids) are built far from the HTTP settings that check it.

export const REPLICA_ENV = 'GATEHOUSE_REPLICA_ID';
export const REPLICA_SEPARATOR = '~';
/** A DNS label (what Kubernetes pod names and most host names are): lowercase letters, digits, inner dashes. */
export const REPLICA_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function isReplicaId(value: string): boolean {
  return REPLICA_ID_PATTERN.test(value);
}

/** The replica id the environment names, or null when unset or not a valid id (start-up refuses those). */
export function replicaIdFrom(env: NodeJS.ProcessEnv = process.env): string | null {
  const value = env[REPLICA_ENV];
  return value && isReplicaId(value) ? value : null;
}

/** `id` as handed to clients: prefixed with the replica id when there is one. */
export function withReplica(replica: string | null, id: string): string {
  return replica ? `${replica}${REPLICA_SEPARATOR}${id}` : id;
}

/**
 * Splits an id a client brought back: the replica that made it (null when it carries none) and the
 * id that replica knows. A value whose prefix is not a replica id is taken whole, so unprefixed ids
 * from a gateway without replicas keep working.
 */
export function splitReplica(value: string): { replica: string | null; id: string } {
  const at = value.indexOf(REPLICA_SEPARATOR);
  if (at <= 0) return { replica: null, id: value };
  const replica = value.slice(0, at);
  return isReplicaId(replica) ? { replica, id: value.slice(at + 1) } : { replica: null, id: value };
}
