import type { HealthRow, ServerStatus } from '../../shared/domain';

/** The colour each state speaks in (controls.css tones); the pill's text says it too. */
const TONE: Record<ServerStatus | 'held', string> = {
  lazy: 'tone-quiet',
  starting: 'tone-warn',
  restarting: 'tone-warn',
  online: 'tone-ok',
  degraded: 'tone-orange',
  held: 'tone-orange',
  auth_required: 'tone-orange',
  error: 'tone-danger',
  crash_loop: 'tone-danger',
  stopped: 'tone-plain',
};

export function StatusPill({ row }: { row: HealthRow }) {
  // A server held back by project trust is not merely lazy: nothing starts it until the file is approved.
  const held = row.startup_skip_reason === 'untrusted_project' && row.status === 'lazy';
  const state = held ? 'held' : row.status;
  return (
    <span className={`pill pill-${state} ${TONE[state]}`} data-testid={`status-${row.name}`}>
      {held ? 'needs approval' : row.status.replace('_', ' ')}
    </span>
  );
}
