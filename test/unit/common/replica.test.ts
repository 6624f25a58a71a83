// Replica ids and the ids that carry them (issue 19): a DNS-label id, `replica~id` on the way out, and
// on the way back the prefix is split off only when it is a replica id, so other ids pass whole.
import { expect, it } from 'vitest';
import { isReplicaId, replicaIdFrom, splitReplica, withReplica } from '../../../src/main/common/replica';

it('accepts DNS labels only', () => {
  for (const ok of ['r1', 'gatehouse-0', 'a', 'x'.repeat(63)]) expect(isReplicaId(ok)).toBe(true);
  for (const bad of ['', 'R1', '-r1', 'r1-', 'r_1', 'r.1', 'r~1', 'x'.repeat(64), 'r 1']) expect(isReplicaId(bad)).toBe(false);
});

it('reads GATEHOUSE_REPLICA_ID, ignoring an empty or invalid value', () => {
  expect(replicaIdFrom({ GATEHOUSE_REPLICA_ID: 'r2' })).toBe('r2');
  expect(replicaIdFrom({ GATEHOUSE_REPLICA_ID: '' })).toBeNull();
  expect(replicaIdFrom({ GATEHOUSE_REPLICA_ID: 'Not Valid' })).toBeNull();
  expect(replicaIdFrom({})).toBeNull();
});

it('prefixes only with a replica, and splits only a replica prefix', () => {
  expect(withReplica(null, 'task-1')).toBe('task-1');
  expect(withReplica('r1', 'task-1')).toBe('r1~task-1');
  expect(splitReplica('r1~task~with~tildes')).toEqual({ replica: 'r1', id: 'task~with~tildes' });
  expect(splitReplica('task-1')).toEqual({ replica: null, id: 'task-1' });
  expect(splitReplica('~task')).toEqual({ replica: null, id: '~task' });
  expect(splitReplica('Not A Replica~task')).toEqual({ replica: null, id: 'Not A Replica~task' });
});
