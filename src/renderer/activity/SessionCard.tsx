import type { ActivitySession } from '../../shared/activity';
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
      {session.calls.length > 0 && (
        <div className="table-wrap">
          <table className="data-table" aria-label={`Pending calls of ${name}`}>
            <thead>
              <tr>
                <th scope="col">Tool</th>
                <th scope="col">Elapsed</th>
                <th scope="col">Progress</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Cancel</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {session.calls.map((call) => (
                <PendingCallRow key={call.request_id} call={call} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {session.tasks.length > 0 && (
        <div className="table-wrap task-table">
          <table className="data-table" aria-label={`MCP tasks of ${name}`}>
            <thead>
              <tr>
                <th scope="col">Task</th>
                <th scope="col">Status</th>
                <th scope="col">Started</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {session.tasks.map((task) => (
                <TaskRow key={`${task.server}/${task.task_id}`} task={task} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
