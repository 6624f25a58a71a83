// MCP log levels (RFC 5424 severities, lowest first) and the shape a downstream log line takes on its way
// to a client: its logger names the server it came from, and its data is bounded — everything a child
// prints is hostile, so a flood of huge lines never reaches a client whole.
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}

/** An unknown level counts as the most severe: it is never silently dropped by a threshold. */
export function severity(level: string): number {
  const index = (LOG_LEVELS as readonly string[]).indexOf(level);
  return index < 0 ? LOG_LEVELS.length : index;
}

const MAX_DATA_CHARS = 8_000;

export interface LogLine {
  level: string;
  logger?: string;
  data?: unknown;
}

/** The server's line as a client receives it: `server` or `server::logger` as logger, data within bounds. */
export function fromServer(server: string, params: { level?: unknown; logger?: unknown; data?: unknown }): LogLine {
  const level = isLogLevel(params.level) ? params.level : 'info';
  const logger = typeof params.logger === 'string' && params.logger ? `${server}::${params.logger.slice(0, 200)}` : server;
  let text: string | undefined;
  try {
    text = JSON.stringify(params.data);
  } catch {
    text = undefined;
  }
  if (text === undefined) return { level, logger, data: null };
  if (text.length <= MAX_DATA_CHARS) return { level, logger, data: params.data };
  return { level, logger, data: `${text.slice(0, MAX_DATA_CHARS)}[... LOG LINE TRUNCATED: ${text.length} chars ...]` };
}
