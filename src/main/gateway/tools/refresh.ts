// gateway.refresh: re-read the configuration and reconcile the servers. Refused while any request is in
// flight unless `force`, which cancels everything first (contract §2.3, §7.6).
import * as z from 'zod';
import { GatewayError } from '../../common/errors';
import { formatIssue } from '../../config/load';
import { cancelActiveTasks } from '../cancel-tasks';
import { errorEntry, jsonResult } from '../envelope';
import { indexedTools } from '../indexed-tools';
import { defineMetaTool } from '../meta-tool';

export const refresh = defineMetaTool({
  name: 'gateway.refresh',
  title: 'Reload configuration',
  description:
    'Re-read .mcp.json sources and reconcile servers: unchanged ones keep running, changed ones restart or go back to lazy, ' +
    'removed ones stop. Refused while requests are pending unless force=true (which cancels them).',
  input: z.object({
    source: z.enum(['claude_config', 'custom']).nullish(),
    reason: z.string().max(500).nullish(),
    force: z.boolean().default(false),
  }),
  async run(args, gateway) {
    const { supervisor } = gateway;
    const seen = supervisor.pending.list({ operator: true }).length;
    const tasks = supervisor.tasks.activeCount();
    const counts = { pending_requests_seen: seen, mcp_tasks_seen: tasks, mcp_tasks_cancelled: 0, mcp_tasks_refused: 0, mcp_tasks_remaining: tasks };
    if ((seen > 0 || tasks > 0) && !args.force) {
      return jsonResult({
        ok: false,
        revision_id: gateway.revision().id,
        // An E302 from the gateway, as other refusals of work (start-task's per-session cap); retryable once the work ends.
        errors: [errorEntry(new GatewayError('E302',
          `Refresh refused: ${seen} request(s) are pending and ${tasks} task(s) active. Wait for them, or pass force=true to cancel them.`,
          { source: 'gateway', pending_requests: seen, active_tasks: tasks }, null, true))],
        ...counts,
        mcp_tasks_refused: tasks,
        pending_requests_cancelled: 0,
        pending_requests_refused: seen,
        pending_requests_remaining: seen,
      });
    }
    let cancelled = 0;
    for (const handle of supervisor.all()) cancelled += supervisor.pending.cancelServer(handle.name, 'forced_refresh');
    const taskCancels = await cancelActiveTasks(supervisor);
    const taskCounts = { mcp_tasks_cancelled: taskCancels.cancelled, mcp_tasks_remaining: supervisor.tasks.activeCount() };
    try {
      const result = await gateway.reload(args.source ?? undefined);
      const handles = supervisor.all();
      // Each problem as a GatewayError entry (contract §2.1): config issues E101, an invalid policy E102.
      const configErrors = gateway.configIssues().map((issue) => errorEntry(new GatewayError('E101', formatIssue(issue).replace(/^E101 config: /, ''), { path: issue.path, line: issue.line, field: issue.field }, 'fix the file; Gatehouse reloads it on save')));
      const policyError = gateway.policy().error;
      const policyErrors = policyError ? [errorEntry(new GatewayError('E102', policyError.message, {}, policyError.next_step))] : [];
      return jsonResult({
        // A task that could not be cancelled downstream, or a policy that no longer parses, makes the
        // refresh not ok (contract §2.3, §5).
        ok: taskCancels.failed === 0 && !policyError,
        servers_seen: handles.length,
        servers_online: handles.filter((h) => h.status === 'online' || h.status === 'degraded').length,
        tools_indexed: handles.reduce((sum, h) => sum + indexedTools(h.name, h.tools, gateway.policy()).length, 0),
        revision_id: result.revisionId,
        errors: [...policyErrors, ...configErrors],
        ...counts,
        ...taskCounts,
        pending_requests_cancelled: cancelled,
        pending_requests_refused: 0,
        // Cancelled calls finish asynchronously; they are not "remaining" work.
        pending_requests_remaining: supervisor.pending.list({ operator: true }).filter((call) => !call.controller.signal.aborted).length,
        servers_started: result.started,
        servers_stopped: result.stopped,
        servers_restarted: result.restarted,
      });
    } catch (error) {
      return jsonResult({ ok: false, revision_id: gateway.revision().id, errors: [errorEntry(error)], ...counts, pending_requests_cancelled: cancelled, pending_requests_refused: 0, pending_requests_remaining: 0 });
    }
  },
});
