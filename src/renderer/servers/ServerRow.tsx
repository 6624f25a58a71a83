import type { ReactNode } from 'react';
import type { HealthRow, ServerStatus } from '../../shared/domain';
import { StatusPill } from './StatusPill';
import { useServerAction } from './use-server-action';

const startable: ReadonlySet<ServerStatus> = new Set(['lazy', 'stopped', 'error', 'crash_loop', 'auth_required']);
const stoppable: ReadonlySet<ServerStatus> = new Set(['starting', 'online', 'degraded', 'restarting']);

export function ServerRow({ row }: { row: HealthRow }) {
  const { busy, message, run } = useServerAction(row.name);
  const waiting = row.startup_skip_reason === 'untrusted_project';

  return (
    <li className="server-row" data-testid={`server-row-${row.name}`}>
      <div className="server-main">
        <div className="server-identity">
          <span className="server-name">{row.name}</span>
          <StatusPill row={row} />
        </div>
        <dl className="server-facts">
          <Fact label="transport">{row.transport}</Fact>
          <Fact label="startup">{row.startup_policy}</Fact>
          <Fact label="source" title={row.source_path ?? undefined}>
            {row.source}
          </Fact>
          <Fact label="pid" mono testId={`pid-${row.name}`}>
            {row.pid ?? '—'}
          </Fact>
          <Fact label="tools" mono testId={`tools-${row.name}`}>
            {row.tool_count}
          </Fact>
          <Fact label="restarts" mono testId={`restarts-${row.name}`}>
            {row.restart_count}
          </Fact>
          <Fact label="p50 / p99" mono title={`${row.latency.count} calls`}>
            {row.latency.p50_ms === null ? '—' : `${row.latency.p50_ms} / ${row.latency.p99_ms} ms`}
          </Fact>
          <Fact label="pending" mono testId={`pending-${row.name}`}>
            {row.pending_count}
          </Fact>
        </dl>
        <div className="server-actions">
          {waiting ? (
            // A start could only fail with E404 until the operator approves the file this server comes from.
            <span
              className="awaiting-approval"
              data-testid={`awaiting-approval-${row.name}`}
              title={row.source_path ? `Approve ${row.source_path} above to start ${row.name}` : undefined}
            >
              Waiting for approval
            </span>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              aria-label={`Start ${row.name}`}
              aria-busy={busy === 'start'}
              disabled={busy !== null || !startable.has(row.status)}
              onClick={() => void run('start')}
            >
              {busy === 'start' ? 'Starting…' : 'Start'}
            </button>
          )}
          {(!waiting || stoppable.has(row.status)) && (
            <button
              type="button"
              className="btn"
              aria-label={`Stop ${row.name}`}
              aria-busy={busy === 'stop'}
              disabled={busy !== null || !stoppable.has(row.status)}
              onClick={() => void run('stop')}
            >
              {busy === 'stop' ? 'Stopping…' : 'Stop'}
            </button>
          )}
        </div>
      </div>
      {row.last_error && (
        <p className="server-error" data-testid={`last-error-${row.name}`}>
          {row.last_error}
        </p>
      )}
      {message && (
        <p className="action-message" role="alert" data-testid={`action-message-${row.name}`}>
          {message}
        </p>
      )}
    </li>
  );
}

function Fact(props: { label: string; children: ReactNode; mono?: boolean; title?: string; testId?: string }) {
  return (
    <div className="fact" title={props.title}>
      <dt>{props.label}</dt>
      <dd className={props.mono ? 'mono' : undefined} data-testid={props.testId}>
        {props.children}
      </dd>
    </div>
  );
}
