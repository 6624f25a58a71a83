// The policy file's shape (contract §5) as zod schemas. Every object is strict: an unknown key makes
// the file invalid, so a misspelt `denlist` cannot quietly leave a server allowed. `null` is accepted
// wherever a value is optional because YAML writes an emptied list (`denylist:` with every item
// commented out) as null.
import * as z from 'zod';

const globList = z.array(z.string().min(1, 'a glob cannot be empty')).nullish();

const lists = z.strictObject({ allowlist: globList, denylist: globList }).nullish();

const limit = z.number().int().positive().nullish();

/** How downstream tools reach a client's tools/list (gateway/passthrough/exposure.ts). */
export const ExposureModeSchema = z.enum(['progressive', 'pinned', 'aggregate']);

const modeByGlob = z.record(z.string().min(1, 'a glob cannot be empty'), ExposureModeSchema).nullish();
/** Which meta-tools tools/list shows (every one stays callable by name): see types.ts GatewayToolsProfile. */
export const GATEWAY_TOOLS_PROFILES = ['core', 'full'] as const;

export const PolicyFileSchema = z.strictObject({
  servers: lists,
  tools: lists,
  resources: lists,
  prompts: lists,
  gateway_tools: z.strictObject({ allowlist: globList, denylist: globList, profile: z.enum(GATEWAY_TOOLS_PROFILES).nullish() }).nullish(),
  packages: lists,
  // Gatehouse: server→client requests (sampling, elicitation, roots) relayed to the calling client, by
  // "server::sampling" / "server::elicitation" / "server::roots" or the bare server name.
  relays: lists,
  // Gatehouse: which downstream tools are listed directly in tools/list, per client (its clientInfo name)
  // or per server; the default is progressive (only the gateway.* meta-tools).
  exposure: z
    .strictObject({
      mode: ExposureModeSchema.nullish(),
      pinned: globList,
      servers: modeByGlob,
      clients: modeByGlob,
    })
    .nullish(),
  limits: z
    .strictObject({
      max_tools_per_server: limit,
      max_output_bytes: limit,
      max_output_tokens: limit,
      max_binary_bytes: limit,
    })
    .nullish(),
  redaction: z
    .strictObject({
      patterns: z.array(z.string().min(1, 'a pattern cannot be empty')).nullish(),
      replace_defaults: z.boolean().nullish(),
    })
    .nullish(),
});

export type PolicyFile = z.infer<typeof PolicyFileSchema>;
