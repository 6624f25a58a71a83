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
    startup_skip_reason: null,
    missing_env_vars: [],
    restart_count: 0,
    last_exit_code: null,
    last_exit_signal: null,
    breaker: 'closed',
    capabilities: status === 'online' ? ['tools'] : [],
    pending_count: 0,
    latency: { count: 0, p50_ms: null, p99_ms: null },
    ...extra,
  };
}

export function snapshot(generation: number, rows: HealthRow[]): HealthSnapshot {
  return { generation, rows };
}
