// How `gatehouse logs` reads one line of each file: gateway.log lines are `<ISO time> <text>`, audit.jsonl
// lines are one audit event each. Both render as plain text (audit events as a fixed-width table, so rows
// printed later by --follow line up with the header) or as one JSON object a line with --json.
import type { AuditEvent } from './audit-ring';
import { readableError } from './error-text';

const ISO_PREFIX = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z) (.*)$/s;

export function parseLogLine(line: string): { ts: string | null; message: string } {
  const match = ISO_PREFIX.exec(line);
  return match ? { ts: match[1] ?? null, message: match[2] ?? '' } : { ts: null, message: line };
}

/** A gateway.log line about one server: the core prefixes those with `[name]`. */
export function mentionsServer(line: string, server: string): boolean {
  return line.includes(`[${server}]`);
}

/** One audit.jsonl line, or null for a line that is not an audit event (a torn write, a foreign line). */
export function parseAuditLine(line: string): AuditEvent | null {
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const event = value as Partial<AuditEvent>;
    return typeof event.ts === 'string' && typeof event.method === 'string' && typeof event.outcome === 'string' ? (event as AuditEvent) : null;
  } catch {
    return null;
  }
}

const COLUMNS: { title: string; width: number; cell(event: AuditEvent): string; right?: boolean }[] = [
  { title: 'TIME', width: 24, cell: (e) => e.ts },
  { title: 'OUTCOME', width: 12, cell: (e) => e.outcome },
  { title: 'MS', width: 6, cell: (e) => String(e.latency_ms), right: true },
  { title: 'CALL', width: 30, cell: (e) => e.tool ?? e.method },
  { title: 'SERVER', width: 14, cell: (e) => e.server ?? '-' },
  { title: 'PRINCIPAL', width: 10, cell: (e) => e.principal ?? '-' },
  { title: 'SESSION', width: 8, cell: (e) => (e.session_id ?? '-').slice(0, 8) },
  { title: 'ERROR', width: 0, cell: (e) => readableError(e.error ?? '').replace(/\s+/g, ' ') },
];

const row = (cells: string[]) =>
  cells
    .map((cell, i) => {
      const column = COLUMNS[i];
      return column?.right ? cell.padStart(column.width) : cell.padEnd(column?.width ?? 0);
    })
    .join('  ')
    .trimEnd();

export const AUDIT_HEADER = row(COLUMNS.map((c) => c.title));

export function auditRow(event: AuditEvent): string {
  return row(COLUMNS.map((c) => c.cell(event)));
}
