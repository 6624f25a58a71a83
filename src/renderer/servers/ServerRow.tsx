import { memo, useCallback, useRef, useState, type ReactNode } from 'react';
import type { HealthRow, ServerStatus } from '../../shared/domain';
import type { OAuthSignInState } from '../../shared/oauth-sign-in';
import { useGatehouseStore } from '../app/gatehouse-context';
import { ConfirmBox } from '../ui/ConfirmBox';
import { formatMs } from '../ui/format-duration';
import { Sparkline } from '../ui/Sparkline';
import { ConfinementPill } from './ConfinementPill';
import { ServerDetail } from './ServerDetail';
import { StatusPill } from './StatusPill';
import { Uptime } from './Uptime';
import { useOAuthState } from './use-oauth-sign-in';
import { useOnScreen } from './use-on-screen';
import { useServerAction } from './use-server-action';

const startable: ReadonlySet<ServerStatus> = new Set(['lazy', 'stopped', 'error', 'crash_loop', 'auth_required']);
const stoppable: ReadonlySet<ServerStatus> = new Set(['starting', 'online', 'degraded', 'restarting']);
const EMPTY: readonly number[] = [];

const SIGN_IN: Partial<Record<OAuthSignInState['status'], string>> = {
  signed_out: 'sign-in needed',
  waiting: 'waiting for the browser…',
  signed_in: 'signed in',
  failed: 'sign-in failed',
  unavailable: 'sign-in unavailable',
};

function authState(row: HealthRow, signIn: OAuthSignInState | undefined): string {
  if (row.missing_env_vars.length) return `needs ${row.missing_env_vars.join(', ')}`;
  const oauth = signIn && SIGN_IN[signIn.status];
  if (oauth) return oauth;
  return row.status === 'auth_required' ? 'credential refused' : 'ok';
}

/**
 * A row far off screen renders as an empty box of a row's height and does not even read its server, so
 * with hundreds of servers pushed ten times a second only the rows someone can see cost a render, and of
 * those only the ones whose server changed. The first rows start out rendered.
 */
export const ServerRow = memo(function ServerRow({ name, index }: { name: string; index: number }) {
  const box = useRef<HTMLLIElement>(null);
  const onScreen = useOnScreen(box, index < 20);
  const [open, setOpen] = useState(false);
  const toggle = useCallback(() => setOpen((was) => !was), []);
  return (
    <li ref={box} className={`server-row${open ? ' server-row-open' : ''}${onScreen ? '' : ' server-row-placeholder'}`} data-testid={`server-row-${name}`}>
      {onScreen && <ShownRow name={name} open={open} onToggle={toggle} />}
    </li>
  );
});

function ShownRow({ name, open, onToggle }: { name: string; open: boolean; onToggle: () => void }) {
  const row = useGatehouseStore((s) => s.rowsByName[name]);
  return row ? <RowContent row={row} open={open} onToggle={onToggle} /> : null;
}

/**
 * One server: its name, state (colour and word) and actions on the first line, its facts wrapping below,
 * so nothing is cut off however narrow the window; the detail opens under it.
 */
const RowContent = memo(function RowContent({ row, open, onToggle }: { row: HealthRow; open: boolean; onToggle: () => void }) {
  const { busy, message, refusal, run, dismissRefusal } = useServerAction(row.name, row.status);
  const history = useGatehouseStore((s) => s.latencyHistory[row.name] ?? EMPTY);
  const signIn = useOAuthState(row);
  const waiting = row.startup_skip_reason === 'untrusted_project';
  const detailId = `server-detail-${row.name}`;

  return (
    <>
      <div className="server-line">
        <button
          type="button"
          className="server-toggle"
          aria-expanded={open}
          aria-controls={detailId}
          aria-label={`${open ? 'Hide' : 'Show'} details of ${row.name}`}
          data-testid={`details-${row.name}`}
          onClick={onToggle}
        >
          <span className="chevron" aria-hidden="true" />
        </button>
        <span className="server-name" title={row.name}>
          {row.name}
        </span>
        <StatusPill row={row} />
        <ConfinementPill name={row.name} confinement={row.confinement} />
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
      <dl className="server-facts">
        <Fact label="transport">{row.transport}</Fact>
        <Fact label="startup" testId={`startup-${row.name}`}>
          {row.startup_policy}
        </Fact>
        <Fact label="source" title={row.source_path ?? undefined}>
          {row.source}
        </Fact>
        <Fact label="pid" mono testId={`pid-${row.name}`}>
          {row.pid ?? '—'}
        </Fact>
        <Fact label="uptime" mono testId={`uptime-${row.name}`}>
          <Uptime since={row.started_at} />
        </Fact>
        <Fact label="restarts" mono testId={`restarts-${row.name}`}>
          {row.restart_count}
        </Fact>
        <Fact label="tools" mono testId={`tools-${row.name}`}>
          {row.tool_count}
        </Fact>
        <Fact label="p50 / p99" mono title={`${row.latency.count} calls; the line shows p50 since the panel opened`} testId={`latency-${row.name}`}>
          <span className="latency">
            {row.latency.p50_ms === null ? '—' : `${formatMs(row.latency.p50_ms)} / ${formatMs(row.latency.p99_ms)}`}
            <Sparkline values={history} label={`p50 latency trend of ${row.name}`} />
          </span>
        </Fact>
        <Fact label="pending" mono testId={`pending-${row.name}`}>
          {row.pending_count}
        </Fact>
        <Fact label="auth" testId={`auth-${row.name}`}>
          {authState(row, signIn)}
        </Fact>
      </dl>
      {row.last_error && !open && (
        <p className="server-error" data-testid={`last-error-${row.name}`}>
          {row.last_error}
        </p>
      )}
      {refusal && (
        <ConfirmBox
          testId={`confirm-${row.name}`}
          title={`${row.name} has ${refusal.pending} pending call${refusal.pending === 1 ? '' : 's'}${refusal.tasks ? ` and ${refusal.tasks} active task${refusal.tasks === 1 ? '' : 's'}` : ''}`}
          confirmLabel={`${refusal.action === 'stop' ? 'Stop' : 'Restart'} and cancel ${refusal.pending + refusal.tasks}`}
          onCancel={dismissRefusal}
          onConfirm={() => void run(refusal.action, true)}
        >
          {refusal.action === 'stop' ? 'Stopping' : 'Restarting'} now cancels that work; each server is told to stop it.
        </ConfirmBox>
      )}
      {message && (
        <p className="action-message" role="alert" data-testid={`action-message-${row.name}`}>
          {message}
        </p>
      )}
      {open && <ServerDetail id={detailId} row={row} signIn={signIn} busy={busy !== null} onRun={(action) => void run(action)} />}
    </>
  );
});

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
