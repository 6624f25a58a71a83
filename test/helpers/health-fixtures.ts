import type { HealthRow, HealthSnapshot, ServerStatus } from '../../src/shared/domain';

export function row(name: string, status: ServerStatus, extra: Partial<HealthRow> = {}): HealthRow {
  return {
    name,
    status,
    transport: 'stdio',
    startup_policy: 'lazy',
    source: 'project',
    source_path: '/work/project/.mcp.json',
    pid: status === 'online' ? 4242 : null,
    tool_count: status === 'online' ? 3 : 0,
    protocol_version: status === 'online' ? '2025-11-25' : null,
    started_at: status === 'online' ? '2026-01-01T00:00:00.000Z' : null,
    last_error: null,
    ...extra,
  };
}

export function snapshot(generation: number, rows: HealthRow[]): HealthSnapshot {
  return { generation, rows };
}
