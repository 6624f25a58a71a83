// The next step a health, lifecycle or config-status row offers: approve the project file for a server
// held by project trust, store the credential for one waiting for auth, else nothing.
import type { HealthRow } from '../../shared/domain';

export function approveStep(path: string | null): string {
  return `ask the operator to review ${path ?? 'the project .mcp.json'} and approve it (Gatehouse panel, or: gatehouse trust approve)`;
}

export function rowNextStep(row: Pick<HealthRow, 'name' | 'status' | 'startup_skip_reason' | 'source_path'> | undefined): string | null {
  if (!row) return null;
  if (row.startup_skip_reason === 'untrusted_project') return approveStep(row.source_path);
  return row.status === 'auth_required' ? `gateway.auth_connect(server_name='${row.name}')` : null;
}
