// The gateway's own log lines as the panel sees them. Every line is the core's already-redacted text.
import * as z from 'zod';
import { ServerName } from './domain';

/** The ring keeps this many lines, so a larger request could never be answered in full. */
export const LOG_LINES_MAX = 2000;

export const LogLine = z
  .object({
    /** When the core logged the line (ISO 8601). */
    ts: z.string(),
    text: z.string(),
    /** The server a `[name] …` line is about; null for gateway-level lines. */
    server: z.string().nullable(),
  })
  .strict();

export const ListLogsInput = z
  .object({
    server: ServerName.nullish(),
    limit: z.number().int().min(1).max(LOG_LINES_MAX).optional(),
  })
  .strict();

export const LogListing = z.object({ lines: z.array(LogLine) }).strict();

export type LogLine = z.infer<typeof LogLine>;
export type ListLogsInput = z.infer<typeof ListLogsInput>;
