import { useGatehouseStore } from '../app/gatehouse-context';
import { ProjectTrustBanner } from '../trust/ProjectTrustBanner';
import { ProjectTrustDetails } from '../trust/ProjectTrustDetails';
import { ConfigIssuesBanner } from './ConfigIssuesBanner';
import { ServerRow } from './ServerRow';
import './servers.css';

// The list reads only the names and each row its own server, so a push of hundreds of rows re-renders
// the rows that changed (and are on screen), the summary line, and nothing else.
export function ServersPanel() {
  const names = useGatehouseStore((s) => s.rowNames);
  const loaded = useGatehouseStore((s) => s.generation !== null);
  const issues = useGatehouseStore((s) => s.issues);

  return (
    <section className="panel" aria-labelledby="servers-heading">
      <div className="panel-head">
        <h2 id="servers-heading">Servers</h2>
        <ServersSummary />
      </div>
      <ConfigIssuesBanner issues={issues} />
      <ProjectTrustBanner />
      {!loaded ? (
        <p className="empty">Loading servers…</p>
      ) : names.length === 0 ? (
        <p className="empty">No servers configured. Add one to .mcp.json or your user config.</p>
      ) : (
        <ul className="card-list server-list" aria-label="Servers">
          {names.map((name, index) => (
            <ServerRow key={name} name={name} index={index} />
          ))}
        </ul>
      )}
      <ProjectTrustDetails />
    </section>
  );
}

function ServersSummary() {
  const rows = useGatehouseStore((s) => s.rows);
  const online = rows.filter((r) => r.status === 'online' || r.status === 'degraded').length;
  const waiting = rows.filter((r) => r.startup_skip_reason === 'untrusted_project').length;
  return (
    <span className="panel-summary" data-testid="servers-summary">
      {rows.length} configured · {online} online{waiting > 0 && ` · ${waiting} waiting for approval`}
    </span>
  );
}
