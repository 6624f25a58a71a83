// The gateway's recent log lines for the control panel. The supervisor's LogRing splits a child's raw
// stderr chunks and keeps bare strings; the core logs whole lines and the panel needs each one's time
// and server, so this ring keeps records instead. It is fed only after redaction.
import type { ListLogsInput, LogLine } from '../../shared/logs';
import { LOG_LINES_MAX } from '../../shared/logs';

// The core prefixes a server's lines with its name: `[name] eager start failed: …`.
const SERVER_PREFIX = /^\[([^\]\s]+)\] /;
// A runaway message must not make one line hold megabytes of memory.
const MAX_TEXT_LENGTH = 4000;

export interface CoreLogRing {
  /** Records one redacted line and returns the record. */
  push(text: string): LogLine;
  /** The newest `limit` lines (oldest first), optionally only one server's. */
  list(filter?: ListLogsInput): LogLine[];
}

export function serverOf(text: string): string | null {
  return SERVER_PREFIX.exec(text)?.[1] ?? null;
}

export function createCoreLogRing(maxLines = LOG_LINES_MAX, now: () => Date = () => new Date()): CoreLogRing {
  const lines: LogLine[] = [];
  return {
    push(text) {
      const kept = text.length > MAX_TEXT_LENGTH ? `${text.slice(0, MAX_TEXT_LENGTH)}…` : text;
      const line = { ts: now().toISOString(), text: kept, server: serverOf(text) };
      lines.push(line);
      if (lines.length > maxLines) lines.splice(0, lines.length - maxLines);
      return line;
    },
    list({ server, limit } = {}) {
      const matching = server ? lines.filter((line) => line.server === server) : lines;
      return matching.slice(-(limit ?? maxLines));
    },
  };
}
