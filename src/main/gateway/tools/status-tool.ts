// The status tools (gateway.health, gateway.config_status): read-only, with one flag that adds per-server
// detail (stderr tails, pids, where each definition came from). Declared alike, so both advertise the
// same input and the same hint.
import * as z from 'zod';
import { defineMetaTool, type MetaTool } from '../meta-tool';

export const VerboseInput = z.object({ verbose: z.boolean().default(false) });

export function statusTool(name: string, tool: Omit<MetaTool<typeof VerboseInput>, 'name' | 'input' | 'annotations'>): MetaTool {
  return defineMetaTool({ name, ...tool, annotations: { readOnlyHint: true }, input: VerboseInput });
}
