import type { ActivitySession } from '../../shared/activity';
import { DataTable } from '../ui/DataTable';
import { PendingCallRow } from './PendingCallRow';
import { TaskRow } from './TaskRow';

/** One client session's calls in flight and its MCP tasks. */
export function SessionCard({ session }: { session: ActivitySession }) {
  const name = session.client_name ?? 'unnamed client';
  return (
    <article className="card session-card" aria-label={`Session of ${name}`} data-testid={`session-${session.session_id}`}>
      <h3 className="card-title">
        {name} <span className="session-id mono">{session.session_id}</span>
      </h3>
      {session.project && (
        <p className="session-project">
          project <span className="mono" title={session.project}>{session.project}</span>
        </p>
      )}
      {session.calls.length > 0 && (
        <DataTable label={`Pending calls of ${name}`} columns={['Tool', 'Elapsed', 'Progress', 'State', { label: 'Cancel', hidden: true }]}>
          {session.calls.map((call) => (
            <PendingCallRow key={call.request_id} call={call} />
          ))}
        </DataTable>
      )}
      {session.tasks.length > 0 && (
        <DataTable
          label={`MCP tasks of ${name}`}
          columns={['Task', 'Status', 'Started', { label: 'Actions', hidden: true }]}
          wrapClassName="table-wrap task-table"
        >
          {session.tasks.map((task) => (
            <TaskRow key={`${task.server}/${task.task_id}`} task={task} />
          ))}
        </DataTable>
      )}
    </article>
  );
}
