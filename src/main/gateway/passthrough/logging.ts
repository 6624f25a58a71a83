// Downstream log lines (notifications/message) to upstream sessions. A child is shared by every session,
// and its lines say nothing about whom they concern, so sessions stay private to each other this way:
// a line that arrives while the server serves calls goes only to the sessions whose calls those are
// (at the level each asked for; a 2025 session that set none gets them all, a 2026-07-28 call only at the
// `_meta` logLevel of its request); a line that arrives while the server serves nobody goes to the
// 2025-era sessions that opted in with logging/setLevel and can see that server. Everything sent passes
// the gateway's output redaction (gateway/redacted-output.ts), and a flooding child is cut off per window.
import type { Client } from '@modelcontextprotocol/client';
import type { PendingCalls } from '../../supervisor/pending-calls';
import { fromServer, severity, type LogLine } from './log-levels';

/** An upstream session that may receive a server's unsolicited log lines. */
export interface LogListener {
  /** The level it set with logging/setLevel; null: it never asked (then it hears only about its own calls). */
  level: import('./log-levels').LogLevel | null;
  sees(server: string): boolean;
  send(line: LogLine): void;
}

const WINDOW_MS = 10_000;
const MAX_PER_WINDOW = 200;

export class LogRouter {
  private readonly windows = new Map<string, { start: number; count: number; dropped: number }>();

  constructor(
    private readonly pending: PendingCalls,
    private readonly listeners: () => Iterable<LogListener>,
    private readonly note: (line: string) => void,
  ) {}

  attach(server: string, client: Client): void {
    client.setNotificationHandler('notifications/message', (notification) => this.route(server, notification.params));
  }

  route(server: string, params: { level?: unknown; logger?: unknown; data?: unknown }): void {
    if (!this.admit(server)) return;
    const line = fromServer(server, params);
    const calls = this.pending.list({ operator: true }, server).filter((call) => call.channel !== undefined);
    if (calls.length) {
      // One line per session: several calls of one session share its client.
      const told = new Set<string | null>();
      for (const call of calls) {
        if (told.has(call.sessionId)) continue;
        told.add(call.sessionId);
        call.channel?.log(line);
      }
      return;
    }
    for (const listener of this.listeners()) {
      if (listener.level !== null && severity(line.level) >= severity(listener.level) && listener.sees(server)) listener.send(line);
    }
  }

  /** At most MAX_PER_WINDOW lines per server per window; the rest are counted and said once. */
  private admit(server: string): boolean {
    const now = Date.now();
    let window = this.windows.get(server);
    if (!window || now - window.start >= WINDOW_MS) {
      if (window?.dropped) this.note(`[${server}] ${window.dropped} log lines over ${MAX_PER_WINDOW} per ${WINDOW_MS / 1000} s were not passed to clients`);
      window = { start: now, count: 0, dropped: 0 };
      this.windows.set(server, window);
    }
    if (window.count >= MAX_PER_WINDOW) {
      window.dropped++;
      return false;
    }
    window.count++;
    return true;
  }
}
