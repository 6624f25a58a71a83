// The tray menu as plain data, built from a health snapshot. tray.ts turns it into an Electron menu;
// keeping the wording and counting here lets it be tested without Electron.
import type { HealthRow, HealthSnapshot, ServerStatus } from '../../shared/domain';
import type { GatewayState } from './desktop-gateway';

export type TrayAction =
  | { type: 'open' }
  | { type: 'quit' }
  | { type: 'startServer'; name: string }
  | { type: 'stopServer'; name: string }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'takeOver' }
  | { type: 'toggleStartAtLogin' }
  | { type: 'toggleNotifications' };

export type TrayMenuItem =
  | { kind: 'label'; label: string }
  | { kind: 'separator' }
  | { kind: 'action'; label: string; action: TrayAction }
  | { kind: 'check'; label: string; checked: boolean; action: TrayAction }
  | { kind: 'server'; label: string; name: string; status: ServerStatus; toggle: { label: string; action: TrayAction } };

export interface TrayMenuModel {
  /** One line for the tooltip and the top of the menu, e.g. "Gatehouse — 2 of 3 servers online". */
  status: string;
  items: TrayMenuItem[];
}

/** What the menu shows beside the servers: the gateway's mode and the operator's two switches. */
export interface TrayExtras {
  gateway: GatewayState;
  startAtLogin: boolean;
  notifications: boolean;
}

const NO_EXTRAS: TrayExtras = { gateway: { mode: 'starting' }, startAtLogin: false, notifications: true };

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

/** The second line: where MCP clients are served, or why they are not. */
export function gatewayLine(gateway: GatewayState): string {
  switch (gateway.mode) {
    case 'starting':
      return 'Gateway starting…';
    case 'serving':
      return `Serving MCP at ${gateway.url}`;
    case 'unserved':
      return `Not serving MCP clients: ${truncate(oneLine(gateway.reason.replace(/^the HTTP gateway did not start: /, '')), MAX_ERROR_CHARS)}`;
    case 'paused':
      return 'Gateway paused — MCP clients are not served';
    case 'attached':
      return gateway.lost ? `The gateway pid ${gateway.pid} stopped answering` : `Attached to the gateway pid ${gateway.pid} at ${gateway.url}`;
    case 'stopped':
      return 'Gateway stopped';
  }
}

function gatewayAction(gateway: GatewayState): TrayMenuItem | null {
  switch (gateway.mode) {
    case 'serving':
    case 'unserved':
      return { kind: 'action', label: 'Pause gateway', action: { type: 'pause' } };
    case 'paused':
      return { kind: 'action', label: 'Resume gateway', action: { type: 'resume' } };
    case 'attached':
      return { kind: 'action', label: gateway.lost ? 'Serve from this app' : `Take over from the gateway pid ${gateway.pid}`, action: { type: 'takeOver' } };
    default:
      return null;
  }
}

export function buildTrayMenu(snapshot: HealthSnapshot | null, extras: TrayExtras = NO_EXTRAS): TrayMenuModel {
  const status = statusLine(snapshot);
  const rows = snapshot?.rows ?? [];
  const shown = rows.slice(0, MAX_SERVER_ITEMS);
  const items: TrayMenuItem[] = [
    { kind: 'label', label: status },
    { kind: 'label', label: gatewayLine(extras.gateway) },
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
  items.push({ kind: 'separator' });
  const control = gatewayAction(extras.gateway);
  if (control) items.push(control);
  items.push(
    { kind: 'check', label: 'Start at login', checked: extras.startAtLogin, action: { type: 'toggleStartAtLogin' } },
    { kind: 'check', label: 'Notifications', checked: extras.notifications, action: { type: 'toggleNotifications' } },
    { kind: 'separator' },
    { kind: 'action', label: 'Quit Gatehouse', action: { type: 'quit' } },
  );
  return { status, items };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
