import type { AuditEventView } from '../../shared/activity';
import { DataTable } from '../ui/DataTable';
import { formatClock } from '../ui/format-time';
import { keyed } from '../ui/keyed';

/** A meta-tool's error is its JSON answer; the first error's code and message say it in one line. */
function errorText(error: string): string {
  try {
    const body = JSON.parse(error) as { errors?: { code?: string; message?: string }[]; message?: string; code?: string };
    const first = body.errors?.[0] ?? body;
    if (first.message) return `${first.code ? `${first.code}: ` : ''}${first.message}`;
  } catch {
    // Plain text already.
  }
  return error;
}

const OUTCOME_TAG: Record<string, string> = { ok: 'tag-ok', tool_error: 'tag-warn', timeout: 'tag-warn' };

/** The newest audit events (what clients asked and how it ended), as the audit ring holds them. */
export function AuditTable({ events }: { events: AuditEventView[] }) {
  if (!events.length) return <p className="empty">No audit events yet.</p>;
  return (
    <DataTable label="Recent audit events" testId="audit-table" columns={['Time', 'Call', 'Outcome', 'Latency']}>
      {keyed(events, (e) => `${e.ts}|${e.session_id}|${e.method}|${e.tool}`).map(({ key, item }) => (
        <tr key={key}>
          <td className="mono">{formatClock(item.ts)}</td>
          <td>
            <span className="mono">{item.tool ?? item.method}</span>
            {item.session_id && <div className="muted-note mono">{item.session_id}</div>}
            {item.error && <div className="audit-error">{errorText(item.error)}</div>}
          </td>
          <td>
            <span className={`tag ${OUTCOME_TAG[item.outcome] ?? 'tag-danger'}`}>{item.outcome.replace('_', ' ')}</span>
          </td>
          <td className="mono">{Math.round(item.latency_ms)} ms</td>
        </tr>
      ))}
    </DataTable>
  );
}
