// The clients view: each MCP client Gatehouse can set up (src/main/clients), whether its config points
// at Gatehouse, the exact change a write or remove would make, and the write itself.
import * as z from 'zod';
import { CodedError } from './common-schemas';

export const ClientEntry = z.object({ kind: z.string(), target: z.string() });

/** Which client, and its user config file: where it is and whether it exists yet. */
const ClientFile = z.object({ client: z.string(), label: z.string(), path: z.string(), exists: z.boolean() });

export const ClientRow = ClientFile.extend({
  detected: z.boolean(),
  detected_by: z.string().nullable(),
  entry: ClientEntry.nullable(),
  problem: z.string().nullable(),
});
export type ClientRow = z.infer<typeof ClientRow>;

export const ClientSetupInput = z
  .object({ client: z.string().min(1).max(64), action: z.enum(['set', 'remove']), mode: z.enum(['stdio', 'http']).optional() })
  .strict();
export type ClientSetupInput = z.infer<typeof ClientSetupInput>;

export const ClientSetupView = ClientFile.extend({
  ok: z.boolean(),
  action: z.enum(['set', 'remove']),
  location: z.string(),
  changed: z.boolean(),
  points_at: ClientEntry.nullable(),
  diff: z.array(z.string()),
  written: z.boolean(),
  problem: CodedError.nullable(),
});
export type ClientSetupView = z.infer<typeof ClientSetupView>;
