import type { HealthRow } from '../../shared/domain';
import type { OAuthSignInState } from '../../shared/oauth-sign-in';
import { AuthConnectForm } from './AuthConnectForm';
import { ConfinementDetail } from './ConfinementDetail';
import { OAuthSignIn } from './OAuthSignIn';
import { StderrTail } from './StderrTail';

const BREAKER: Record<HealthRow['breaker'], string> = {
  closed: 'closed — automatic restarts allowed',
  open: 'open — automatic restarts paused after repeated crashes',
  half_open: 'half open — the next start is a trial',
};

function exitText(row: HealthRow): string {
  if (row.last_exit_signal) return `killed by ${row.last_exit_signal}`;
  if (row.last_exit_code !== null) return `exit code ${row.last_exit_code}`;
  return '—';
}

/** A row's detail: why it last stopped, the crash-loop breaker, its confinement, its last stderr lines and what to do next. */
export function ServerDetail(props: { id: string; row: HealthRow; signIn: OAuthSignInState | undefined; busy: boolean; onRun: (action: 'start' | 'restart') => void }) {
  const { id, row, signIn, busy, onRun } = props;
  // A remote server that signs in with OAuth gets the sign-in, not a form for a ${VAR} it does not have.
  const oauth = signIn !== undefined && signIn.status !== 'not_applicable';
  const needsCredential = row.missing_env_vars.length > 0 || (row.status === 'auth_required' && !oauth);
  return (
    <section className="server-detail" id={id} aria-label={`Details of ${row.name}`} data-testid={`server-detail-${row.name}`}>
      <dl className="detail-facts">
        <div>
          <dt>last exit</dt>
          <dd className="mono" data-testid={`exit-${row.name}`}>
            {exitText(row)}
          </dd>
        </div>
        <div>
          <dt>crash-loop breaker</dt>
          <dd data-testid={`breaker-${row.name}`}>{BREAKER[row.breaker]}</dd>
        </div>
        <div>
          <dt>protocol</dt>
          <dd className="mono">{row.protocol_version ?? '—'}</dd>
        </div>
        <div>
          <dt>capabilities</dt>
          <dd>{row.capabilities.length ? row.capabilities.join(', ') : '—'}</dd>
        </div>
        <div className="detail-wide">
          <dt>defined in</dt>
          <dd className="mono">{row.source_path ?? `${row.source} config`}</dd>
        </div>
      </dl>
      {row.last_error && (
        <p className="server-error" data-testid={`last-error-${row.name}`}>
          {row.last_error}
        </p>
      )}
      {oauth && <OAuthSignIn state={signIn} />}
      <ConfinementDetail name={row.name} confinement={row.confinement} />
      <StderrTail row={row} />
      {needsCredential && <AuthConnectForm row={row} />}
      <div className="detail-actions">
        {(row.status === 'crash_loop' || row.status === 'error') && (
          <button type="button" className="btn btn-auto btn-primary" disabled={busy} onClick={() => onRun('start')}>
            Retry now
          </button>
        )}
        <button
          type="button"
          className="btn btn-auto"
          disabled={busy || row.startup_skip_reason === 'untrusted_project'}
          onClick={() => onRun('restart')}
          aria-label={`Restart ${row.name}`}
        >
          Restart
        </button>
      </div>
    </section>
  );
}
