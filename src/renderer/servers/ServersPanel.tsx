import { useGatehouseStore } from '../app/gatehouse-context';
import { ProjectTrustBanner } from '../trust/ProjectTrustBanner';
import { ProjectTrustDetails } from '../trust/ProjectTrustDetails';
import { ConfigIssuesBanner } from './ConfigIssuesBanner';
import { ServerRow } from './ServerRow';
import './servers.css';

export function ServersPanel() {
  const rows = useGatehouseStore((s) => s.rows);
  const generation = useGatehouseStore((s) => s.generation);
  const issues = useGatehouseStore((s) => s.issues);
  const online = rows.filter((r) => r.status === 'online' || r.status === 'degraded').length;
  const waiting = rows.filter((r) => r.startup_skip_reason === 'untrusted_project').length;

  return (
    <section className="panel" aria-labelledby="servers-heading">
      <div className="panel-head">
        <h2 id="servers-heading">Servers</h2>
        <span className="panel-summary" data-testid="servers-summary">
          {rows.length} configured · {online} online{waiting > 0 && ` · ${waiting} waiting for approval`}
        </span>
      </div>
      <ConfigIssuesBanner issues={issues} />
      <ProjectTrustBanner />
      {generation === null ? (
        <p className="empty">Loading servers…</p>
      ) : rows.length === 0 ? (
        <p className="empty">No servers configured. Add one to .mcp.json or your user config.</p>
      ) : (
        <ul className="card-list server-list" aria-label="Servers">
          {rows.map((row, index) => (
            <ServerRow key={row.name} row={row} index={index} />
          ))}
        </ul>
      )}
      <ProjectTrustDetails />
    </section>
  );
}
