import { useGatehouseStore } from '../app/gatehouse-context';
import { Panel } from '../ui/Panel';
import { AuditTable } from './AuditTable';
import { SessionCard } from './SessionCard';
import './activity.css';

export function ActivityPanel() {
  const activity = useGatehouseStore((s) => s.activity);
  const calls = activity?.sessions.reduce((n, s) => n + s.calls.length, 0) ?? 0;
  const tasks = activity?.sessions.reduce((n, s) => n + s.tasks.filter((t) => !t.terminal).length, 0) ?? 0;
  const busy = activity?.sessions.filter((s) => s.calls.length || s.tasks.length) ?? [];

  return (
    <Panel
      id="activity"
      title="Activity"
      summary={activity ? `${calls} pending call${calls === 1 ? '' : 's'} · ${tasks} active task${tasks === 1 ? '' : 's'}` : ''}
      summaryTestId="activity-summary"
    >
      {activity === null ? (
        <p className="empty">Loading activity…</p>
      ) : busy.length === 0 ? (
        <p className="empty" data-testid="activity-empty">
          No calls in flight and no MCP tasks. Calls clients make through Gatehouse show here while they run.
        </p>
      ) : (
        busy.map((session) => <SessionCard key={session.session_id} session={session} />)
      )}
      {activity && activity.projects.length > 0 && (
        <>
          <h3 className="section-heading">Projects attached by clients</h3>
          <ul className="attached-projects" aria-label="Projects attached by clients" data-testid="attached-projects">
            {activity.projects.map((project) => (
              <li key={project.root}>
                <span className="mono" title={project.root}>{project.root}</span>
                <span className="attached-count">
                  {project.sessions} session{project.sessions === 1 ? '' : 's'}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <h3 className="section-heading">Recent audit events</h3>
      {activity && <AuditTable events={activity.audit} />}
    </Panel>
  );
}
