// Forced lifecycle actions (refresh, disconnect, restart with force) end the MCP tasks they would orphan:
// `tasks/cancel` downstream for every active task of the server(s), recorded as the server answers.
import { isTerminal } from '../supervisor/task-records';
import { cancelTask } from '../supervisor/task-calls';
import type { ServerDirectory } from '../supervisor/server-directory';

const CANCEL_TIMEOUT_MS = 10_000;

export async function cancelActiveTasks(supervisor: ServerDirectory, server?: string): Promise<{ cancelled: number; failed: number }> {
  const active = supervisor.tasks.list({ operator: true }, server).filter((record) => !isTerminal(record.task.status));
  let cancelled = 0;
  let failed = 0;
  await Promise.all(
    active.map(async (record) => {
      const client = supervisor.get(record.server)?.client;
      try {
        if (!client) throw new Error('server not connected');
        supervisor.tasks.update(record.server, await cancelTask(client, record.task.taskId, CANCEL_TIMEOUT_MS));
        cancelled++;
      } catch {
        failed++;
      }
    }),
  );
  return { cancelled, failed };
}
