import { useMemo, useState } from 'react';
import { useGatehouseStore } from '../app/gatehouse-context';
import { Panel } from '../ui/Panel';
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
    <Panel
      id="logs"
      title="Logs"
      summary={shown.length === lines.length ? count(lines.length) : `${shown.length} of ${count(lines.length)}`}
      summaryTestId="logs-summary"
    >
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
    </Panel>
  );
}

function count(n: number): string {
  return `${n} ${n === 1 ? 'line' : 'lines'}`;
}
