import { useGatehouseStore } from '../app/gatehouse-context';
import { AuditTable } from './AuditTable';
import { SessionCard } from './SessionCard';
import './activity.css';

export function ActivityPanel() {
  const activity = useGatehouseStore((s) => s.activity);
  const calls = activity?.sessions.reduce((n, s) => n + s.calls.length, 0) ?? 0;
  const tasks = activity?.sessions.reduce((n, s) => n + s.tasks.filter((t) => !t.terminal).length, 0) ?? 0;
  const busy = activity?.sessions.filter((s) => s.calls.length || s.tasks.length) ?? [];

  return (
    <section className="panel" aria-labelledby="activity-heading">
      <div className="panel-head">
        <h2 id="activity-heading">Activity</h2>
        <span className="panel-summary" data-testid="activity-summary">
          {activity ? `${calls} pending call${calls === 1 ? '' : 's'} · ${tasks} active task${tasks === 1 ? '' : 's'}` : ''}
        </span>
      </div>
      {activity === null ? (
        <p className="empty">Loading activity…</p>
      ) : busy.length === 0 ? (
        <p className="empty" data-testid="activity-empty">
          No calls in flight and no MCP tasks. Calls clients make through Gatehouse show here while they run.
        </p>
      ) : (
        busy.map((session) => <SessionCard key={session.session_id} session={session} />)
      )}
      <h3 className="section-heading">Recent audit events</h3>
      {activity && <AuditTable events={activity.audit} />}
    </section>
  );
}
