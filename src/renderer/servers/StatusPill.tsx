import type { HealthRow } from '../../shared/domain';

export function StatusPill({ row }: { row: HealthRow }) {
  return (
    <span className={`pill pill-${row.status}`} data-testid={`status-${row.name}`}>
      {row.status.replace('_', ' ')}
    </span>
  );
}
