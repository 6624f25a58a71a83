// McpTaskInfo (contract §2.2): a downstream task as the gateway shows it. Seconds in the API, ms on the
// wire; the status message is redacted like any other downstream text.
import type { DownstreamTask } from '../supervisor/task-records';

export function taskInfo(task: DownstreamTask) {
  const seconds = (ms: unknown) => (typeof ms === 'number' ? Math.round(ms / 100) / 10 : null);
  return {
    task_id: task.taskId,
    status: task.status,
    status_message: task.statusMessage ?? null,
    created_at: task.createdAt ?? null,
    updated_at: task.lastUpdatedAt ?? null,
    ttl: seconds(task.ttl),
    poll_interval: seconds(task.pollInterval),
    raw: task,
  };
}
