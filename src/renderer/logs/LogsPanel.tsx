import { useMemo, useState } from 'react';
import { useGatehouseStore } from '../app/gatehouse-context';
import { filterLogs, serverChoices, type LogFilter } from './filter-logs';
import { LogFilters } from './LogFilters';
import { LogView } from './LogView';
import './logs.css';

export function LogsPanel() {
  const lines = useGatehouseStore((s) => s.logLines);
  const seeded = useGatehouseStore((s) => s.logsSeeded);
  const rows = useGatehouseStore((s) => s.rows);
  const [filter, setFilter] = useState<LogFilter>({ server: null, text: '' });

  const servers = useMemo(() => serverChoices(rows.map((row) => row.name), lines), [rows, lines]);
  const shown = useMemo(() => filterLogs(lines, filter), [lines, filter]);

  return (
    <section className="panel" aria-labelledby="logs-heading">
      <div className="panel-head">
        <h2 id="logs-heading">Logs</h2>
        <span className="panel-summary" data-testid="logs-summary">
          {shown.length === lines.length ? count(lines.length) : `${shown.length} of ${count(lines.length)}`}
        </span>
      </div>
      <LogFilters filter={filter} servers={servers} onChange={setFilter} />
      {lines.length === 0 ? (
        <p className="empty" data-testid="logs-empty">
          {seeded ? 'No log lines yet' : 'Loading log lines…'}
        </p>
      ) : shown.length === 0 ? (
        <p className="empty" data-testid="logs-empty">
          No lines match these filters
        </p>
      ) : (
        <LogView lines={shown} />
      )}
      <p className="panel-footnote">Gatehouse's own log, newest at the bottom. Secret values are redacted before a line is kept.</p>
    </section>
  );
}

function count(n: number): string {
  return `${n} ${n === 1 ? 'line' : 'lines'}`;
}
