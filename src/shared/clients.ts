// The clients view: each MCP client Gatehouse can set up (src/main/clients), whether its config points
// at Gatehouse, the exact change a write or remove would make, and the write itself.
import * as z from 'zod';

export const ClientEntry = z.object({ kind: z.string(), target: z.string() });

export const ClientRow = z.object({
  client: z.string(),
  label: z.string(),
  detected: z.boolean(),
  detected_by: z.string().nullable(),
  path: z.string(),
  exists: z.boolean(),
  entry: ClientEntry.nullable(),
  problem: z.string().nullable(),
});
export type ClientRow = z.infer<typeof ClientRow>;

export const ClientSetupInput = z
  .object({ client: z.string().min(1).max(64), action: z.enum(['set', 'remove']), mode: z.enum(['stdio', 'http']).optional() })
  .strict();
export type ClientSetupInput = z.infer<typeof ClientSetupInput>;

export const ClientSetupView = z.object({
  ok: z.boolean(),
  client: z.string(),
  label: z.string(),
  action: z.enum(['set', 'remove']),
  path: z.string(),
  exists: z.boolean(),
  location: z.string(),
  changed: z.boolean(),
  points_at: ClientEntry.nullable(),
  diff: z.array(z.string()),
  written: z.boolean(),
  problem: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type ClientSetupView = z.infer<typeof ClientSetupView>;
