import type { LogLine } from './logs-slice';

export interface LogFilter {
  /** null shows every line, gateway-level ones included. */
  server: string | null;
  text: string;
}

/** The lines to show, oldest first; the text filter ignores case so a pasted fragment matches. */
export function filterLogs(lines: LogLine[], filter: LogFilter): LogLine[] {
  const needle = filter.text.trim().toLowerCase();
  return lines.filter(
    (line) => (filter.server === null || line.server === filter.server) && (needle === '' || line.text.toLowerCase().includes(needle)),
  );
}

/** Every server in the health rows, plus any a line names that has since left the config. */
export function serverChoices(rowNames: string[], lines: LogLine[]): string[] {
  const named = lines.flatMap((line) => (line.server === null ? [] : [line.server]));
  return [...new Set([...rowNames, ...named])].sort((a, b) => a.localeCompare(b));
}
