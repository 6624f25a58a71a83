// /metrics in the Prometheus text format (version 0.0.4), with the series contract §8 names. Tool calls
// are counted where the HTTP layer sees them end; the supervisor owner can add richer series later
// through `extraText`. Label values come from clients (tool ids), so the number of distinct server
// labels is capped and values are escaped.
import type { HealthSnapshot } from '../../shared/domain';

export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];
const MAX_SERVER_LABELS = 200;

export type ToolOutcome = 'ok' | 'tool_error' | 'error' | 'timeout' | 'disconnected';

interface Histogram {
  buckets: number[];
  sum: number;
  count: number;
}

export interface MetricsSources {
  /** In-flight MCP requests (pending work) as the HTTP layer sees it. */
  pending(): number;
  sessions(): number;
  health?: () => Promise<HealthSnapshot>;
  /** This replica's id (GATEHOUSE_REPLICA_ID), shown as gatehouse_replica_info so scrapes of replicas can be told apart. */
  replica?: string | null;
  /** More exposition text appended verbatim (for series other owners add). */
  extraText?: () => string | Promise<string>;
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function labels(pairs: Record<string, string>): string {
  const body = Object.entries(pairs)
    .map(([k, v]) => `${k}="${escapeLabel(v)}"`)
    .join(',');
  return body ? `{${body}}` : '';
}

export class Metrics {
  private readonly httpByCode = new Map<string, number>();
  private readonly toolCalls = new Map<string, { server: string; outcome: string; count: number }>();
  private readonly durations = new Map<string, Histogram>();
  private readonly serverLabels = new Set<string>();

  countHttp(status: number): void {
    const code = String(status);
    this.httpByCode.set(code, (this.httpByCode.get(code) ?? 0) + 1);
  }

  /** A server label for a client-supplied name: bounded in number, `gateway` for meta-tools. */
  serverLabel(server: string | null): string {
    if (server === null) return 'gateway';
    if (this.serverLabels.has(server)) return server;
    if (this.serverLabels.size >= MAX_SERVER_LABELS) return 'other';
    this.serverLabels.add(server);
    return server;
  }

  countToolCall(server: string | null, outcome: ToolOutcome, seconds: number): void {
    const label = this.serverLabel(server);
    const key = `${label}\u0000${outcome}`;
    const entry = this.toolCalls.get(key) ?? { server: label, outcome, count: 0 };
    entry.count += 1;
    this.toolCalls.set(key, entry);
    const histogram = this.durations.get(label) ?? { buckets: DURATION_BUCKETS.map(() => 0), sum: 0, count: 0 };
    DURATION_BUCKETS.forEach((bound, i) => {
      if (seconds <= bound) histogram.buckets[i] = (histogram.buckets[i] ?? 0) + 1;
    });
    histogram.sum += seconds;
    histogram.count += 1;
    this.durations.set(label, histogram);
  }

  async render(sources: MetricsSources): Promise<string> {
    const out: string[] = [];
    const family = (name: string, type: string, help: string) => out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);

    if (sources.replica) {
      family('gatehouse_replica_info', 'gauge', 'This gateway\'s replica id behind a load balancer (always 1).');
      out.push(`gatehouse_replica_info${labels({ replica: sources.replica })} 1`);
    }
    family('gatehouse_http_requests_total', 'counter', 'HTTP requests answered, by status code.');
    for (const [code, count] of [...this.httpByCode].sort()) out.push(`gatehouse_http_requests_total${labels({ code })} ${count}`);

    family('gatehouse_tool_calls_total', 'counter', 'MCP tools/call requests that ended, by downstream server and outcome.');
    for (const entry of [...this.toolCalls.values()].sort((a, b) => `${a.server}${a.outcome}`.localeCompare(`${b.server}${b.outcome}`))) {
      out.push(`gatehouse_tool_calls_total${labels({ server: entry.server, outcome: entry.outcome })} ${entry.count}`);
    }

    family('gatehouse_tool_call_duration_seconds', 'histogram', 'Time from a tools/call request to its answer.');
    for (const [server, h] of [...this.durations].sort(([a], [b]) => a.localeCompare(b))) {
      for (const [i, bound] of DURATION_BUCKETS.entries()) out.push(`gatehouse_tool_call_duration_seconds_bucket${labels({ server, le: String(bound) })} ${h.buckets[i] ?? 0}`);
      out.push(`gatehouse_tool_call_duration_seconds_bucket${labels({ server, le: '+Inf' })} ${h.count}`);
      out.push(`gatehouse_tool_call_duration_seconds_sum${labels({ server })} ${h.sum}`);
      out.push(`gatehouse_tool_call_duration_seconds_count${labels({ server })} ${h.count}`);
    }

    family('gatehouse_pending_requests', 'gauge', 'MCP requests received and not yet answered.');
    out.push(`gatehouse_pending_requests ${sources.pending()}`);
    family('gatehouse_http_sessions', 'gauge', 'Open handshake-era MCP sessions.');
    out.push(`gatehouse_http_sessions ${sources.sessions()}`);

    if (sources.health) {
      const rows = [...(await sources.health()).rows].sort((a, b) => a.name.localeCompare(b.name));
      family('gatehouse_downstream_servers', 'gauge', 'Configured downstream servers, by status.');
      const byStatus = new Map<string, number>();
      for (const row of rows) byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + 1);
      for (const [status, count] of [...byStatus].sort()) out.push(`gatehouse_downstream_servers${labels({ status })} ${count}`);
      family('gatehouse_downstream_restarts_total', 'counter', 'Automatic restarts of each downstream server since the gateway started.');
      for (const row of rows) out.push(`gatehouse_downstream_restarts_total${labels({ server: row.name })} ${row.restart_count}`);
      family('gatehouse_downstream_pending', 'gauge', 'Calls in flight to each downstream server.');
      for (const row of rows) out.push(`gatehouse_downstream_pending${labels({ server: row.name })} ${row.pending_count}`);
    }
    const extra = sources.extraText ? await sources.extraText() : '';
    return `${out.join('\n')}\n${extra}`;
  }
}
