// The input of the status tools (gateway.health, gateway.config_status): one flag that adds per-server
// detail (stderr tails, pids, where each definition came from). One schema, so both advertise it alike.
import * as z from 'zod';

export const VerboseInput = z.object({ verbose: z.boolean().default(false) });
