// Schemas for `.mcp.json` in the Claude Code format. Entries are validated one by one so a bad entry is
// skipped with a diagnostic while its neighbours keep working.
import * as z from 'zod';

export const StringMap = z.record(z.string(), z.string());

export const StdioEntrySchema = z.object({
  type: z.enum(['stdio', 'local']).optional(),
  command: z.string().min(1, 'command must not be empty'),
  args: z.array(z.string()).default([]),
  env: StringMap.default({}),
  cwd: z.string().min(1).optional(),
});

export const RemoteEntrySchema = z.object({
  type: z.enum(['http', 'streamable-http', 'sse', 'remote']).optional(),
  url: z.url({ protocol: /^https?$/, error: 'url must be an http(s) URL' }),
  headers: StringMap.default({}),
});

/** The top level; unknown keys are kept for other tools that share the file. */
export const ConfigFileSchema = z.looseObject({
  mcpServers: z.record(z.string(), z.unknown()).default({}),
  autoStart: z.array(z.string()).default([]),
  disableAutoStart: z.array(z.string()).default([]),
});

export type StdioEntry = z.infer<typeof StdioEntrySchema>;
export type RemoteEntry = z.infer<typeof RemoteEntrySchema>;
