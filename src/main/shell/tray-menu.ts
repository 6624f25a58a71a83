// The tray menu as plain data, built from a health snapshot. tray.ts turns it into an Electron menu;
// keeping the wording and counting here lets it be tested without Electron.
import type { HealthRow, HealthSnapshot, ServerStatus } from '../../shared/domain';

export type TrayAction =
  | { type: 'open' }
  | { type: 'quit' }
  | { type: 'startServer'; name: string }
  | { type: 'stopServer'; name: string };

export type TrayMenuItem =
  | { kind: 'label'; label: string }
  | { kind: 'separator' }
  | { kind: 'action'; label: string; action: TrayAction }
  | { kind: 'server'; label: string; name: string; status: ServerStatus; toggle: { label: string; action: TrayAction } };

export interface TrayMenuModel {
  /** One line for the tooltip and the top of the menu, e.g. "Gatehouse — 2 of 3 servers online". */
  status: string;
  items: TrayMenuItem[];
}

/** A tray menu with hundreds of entries is unusable; the panel lists the rest. */
export const MAX_SERVER_ITEMS = 15;
const MAX_ERROR_CHARS = 60;

/** States that need the operator's attention: counted as errors on the status line. */
const FAILING: ReadonlySet<ServerStatus> = new Set(['error', 'crash_loop', 'auth_required']);

const RUNNING: ReadonlySet<ServerStatus> = new Set(['online', 'degraded', 'starting', 'restarting']);

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

export function statusLine(snapshot: HealthSnapshot | null): string {
  if (!snapshot) return 'Gatehouse — starting…';
  const total = snapshot.rows.length;
  if (total === 0) return 'Gatehouse — no servers configured';
  const online = snapshot.rows.filter((row) => row.status === 'online' || row.status === 'degraded').length;
  const errors = snapshot.rows.filter((row) => FAILING.has(row.status)).length;
  const base = `Gatehouse — ${online} of ${plural(total, 'server')} online`;
  return errors > 0 ? `${base}, ${plural(errors, 'error')}` : base;
}

export function serverLabel(row: HealthRow): string {
  switch (row.status) {
    case 'online':
      return `${row.name} — online (${plural(row.tool_count, 'tool')})`;
    case 'lazy':
      return `${row.name} — idle, starts on first use`;
    case 'starting':
      return `${row.name} — starting…`;
    case 'stopped':
      return `${row.name} — stopped`;
    case 'degraded':
      return `${row.name} — degraded (${plural(row.tool_count, 'tool')})`;
    case 'restarting':
      return `${row.name} — restarting after a crash…`;
    case 'crash_loop':
      return `${row.name} — crashing repeatedly, restarts paused`;
    case 'auth_required':
      return row.missing_env_vars.length ? `${row.name} — needs ${row.missing_env_vars.join(', ')}` : `${row.name} — needs credentials`;
    case 'error':
      return row.last_error ? `${row.name} — error: ${truncate(oneLine(row.last_error), MAX_ERROR_CHARS)}` : `${row.name} — error`;
  }
}

function serverToggle(row: HealthRow): { label: string; action: TrayAction } {
  if (RUNNING.has(row.status)) return { label: 'Stop', action: { type: 'stopServer', name: row.name } };
  return { label: FAILING.has(row.status) ? 'Retry' : 'Start', action: { type: 'startServer', name: row.name } };
}

export function buildTrayMenu(snapshot: HealthSnapshot | null): TrayMenuModel {
  const status = statusLine(snapshot);
  const rows = snapshot?.rows ?? [];
  const shown = rows.slice(0, MAX_SERVER_ITEMS);
  const items: TrayMenuItem[] = [
    { kind: 'label', label: status },
    { kind: 'separator' },
    { kind: 'action', label: 'Open Gatehouse', action: { type: 'open' } },
  ];
  if (rows.length > 0) {
    items.push({ kind: 'separator' });
    for (const row of shown) {
      items.push({ kind: 'server', label: serverLabel(row), name: row.name, status: row.status, toggle: serverToggle(row) });
    }
    if (rows.length > shown.length) {
      items.push({ kind: 'action', label: `${rows.length - shown.length} more in Gatehouse…`, action: { type: 'open' } });
    }
  }
  items.push({ kind: 'separator' }, { kind: 'action', label: 'Quit Gatehouse', action: { type: 'quit' } });
  return { status, items };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
