// McpTaskInfo (contract §2.2): a downstream task as the gateway shows it. Seconds in the API, ms on the
// wire. status_message and raw are downstream text, so they are always redacted (contract §2.6): the
// policy's patterns here, the known secret values on every answer afterwards.
import type { LoadedPolicy } from '../policy';
import type { DownstreamTask } from '../supervisor/task-records';
import { outwardId } from './routed-ids';

/** The policy's pattern redaction (built-in rules plus custom patterns). */
export type PatternRedactor = Pick<LoadedPolicy, 'redactText' | 'redactDeep'>;

export function taskInfo(task: DownstreamTask, policy?: PatternRedactor) {
  const seconds = (ms: unknown) => (typeof ms === 'number' ? Math.round(ms / 100) / 10 : null);
  // Read loosely from the server: anything but a string is not a status message.
  const message = typeof task.statusMessage === 'string' ? task.statusMessage : null;
  return {
    // Behind a load balancer the id names this replica, so the client's next call about it finds it here.
    task_id: outwardId(task.taskId),
    status: task.status,
    status_message: message !== null && policy ? policy.redactText(message) : message,
    created_at: task.createdAt ?? null,
    updated_at: task.lastUpdatedAt ?? null,
    ttl: seconds(task.ttl),
    poll_interval: seconds(task.pollInterval),
    raw: policy ? policy.redactDeep(task) : task,
  };
}
