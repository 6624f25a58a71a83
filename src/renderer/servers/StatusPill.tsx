import type { HealthRow } from '../../shared/domain';

export function StatusPill({ row }: { row: HealthRow }) {
  // A server held back by project trust is not merely lazy: nothing starts it until the file is approved.
  const held = row.startup_skip_reason === 'untrusted_project' && row.status === 'lazy';
  return (
    <span className={`pill ${held ? 'pill-held' : `pill-${row.status}`}`} data-testid={`status-${row.name}`}>
      {held ? 'needs approval' : row.status.replace('_', ' ')}
    </span>
  );
}
