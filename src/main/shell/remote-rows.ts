// gateway.health's server entries (contract §2.3) read back as the panel's HealthRow, for the desktop app
// attached to a headless gateway: the tray and panel then show that gateway's servers, not their own.
import { ConfigSourceKind, HealthRow, ServerStatus } from '../../shared/domain';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const count = (value: unknown): number => (Number.isInteger(value) && (value as number) >= 0 ? (value as number) : 0);
const integer = (value: unknown): number | null => (Number.isInteger(value) ? (value as number) : null);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** One entry of gateway.health's `servers`, or null when it is not one (the caller logs and skips it). */
export function rowFromHealth(entry: unknown): HealthRow | null {
  if (!isRecord(entry)) return null;
  const status = ServerStatus.safeParse(entry.state);
  const source = ConfigSourceKind.safeParse(entry.startup_source);
  const latency = isRecord(entry.latency) ? entry.latency : null;
  const row = HealthRow.safeParse({
    name: entry.name,
    // `state` is Gatehouse's own, finer word; anything this app does not know reads as an error.
    status: status.success ? status.data : 'error',
    transport: entry.transport,
    startup_policy: entry.startup_policy,
    // A provisioned server has no config file of its own.
    source: source.success ? source.data : 'default',
    source_path: text(entry.source_path),
    pid: integer(entry.pid),
    tool_count: count(entry.tool_count),
    protocol_version: text(entry.protocol_version),
    started_at: null,
    last_error: text(entry.last_error),
    startup_skip_reason: entry.startup_skip_reason ?? null,
    missing_env_vars: strings(entry.missing_env_vars),
    restart_count: count(entry.restart_count),
    last_exit_code: integer(entry.last_exit_code),
    last_exit_signal: text(entry.last_exit_signal),
    breaker: entry.breaker,
    capabilities: strings(entry.server_capabilities),
    pending_count: count(entry.pending_count),
    latency: latency ? { count: count(latency.count), p50_ms: latency.p50_ms ?? null, p99_ms: latency.p99_ms ?? null } : { count: 0, p50_ms: null, p99_ms: null },
  });
  return row.success ? row.data : null;
}
