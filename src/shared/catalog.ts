// The catalog view: search (gateway.catalog_search's ranking), one tool's detail with its input schema,
// a try-invoke through gateway.invoke (policy applies), and the token meter.
import * as z from 'zod';
import { CodedError } from './common-schemas';

/** Which tool a card or a detail is about: its catalog id (server.tool), its server and name, its title. */
const ToolIdentity = z.object({
  tool_id: z.string(),
  server: z.string(),
  tool_name: z.string(),
  title: z.string().nullable(),
});

export const CatalogCard = ToolIdentity.extend({
  short_description: z.string(),
  tags: z.array(z.string()),
  availability: z.enum(['online', 'lazy', 'starting', 'offline']),
  risk_hint: z.enum(['low', 'medium', 'high']),
});
export type CatalogCard = z.infer<typeof CatalogCard>;

export const CatalogSearchInput = z.object({ query: z.string().max(1000), limit: z.number().int().min(1).max(100).optional() }).strict();
export const CatalogSearchResult = z.object({
  ok: z.boolean(),
  results: z.array(CatalogCard),
  total_available: z.number().int().nonnegative(),
  /** Servers whose tools are still being listed. */
  indexing: z.array(z.string()),
  message: z.string().nullable(),
});
export type CatalogSearchResult = z.infer<typeof CatalogSearchResult>;

/** A JSON Schema, as the server declared it (an object; its inner shape is the server's business). */
const JsonSchema = z.record(z.string(), z.unknown());

export const ToolDetail = z.object({
  ok: z.boolean(),
  ...ToolIdentity.shape,
  description: z.string().nullable(),
  input_schema: JsonSchema.nullable(),
  safety_notes: z.array(z.string()),
  message: z.string().nullable(),
});
export type ToolDetail = z.infer<typeof ToolDetail>;

/** One MCP content block as the tool returned it (text, image, audio, resource, resource_link, ...). */
export const ContentBlock = z.looseObject({ type: z.string() });
export type ContentBlock = z.infer<typeof ContentBlock>;

export const InvokeInput = z.object({ tool_id: z.string().min(1), arguments: z.record(z.string(), z.unknown()) }).strict();
export const InvokeOutcome = z.object({
  ok: z.boolean(),
  content: z.array(ContentBlock),
  structured: z.unknown().nullable(),
  truncated: z.boolean(),
  errors: z.array(CodedError),
});
export type InvokeOutcome = z.infer<typeof InvokeOutcome>;

export const TokenMeter = z.object({
  /** How tokens were counted: the tokenizer's name, said next to every figure. */
  method: z.string(),
  /** The gateway.* meta-tool list a client loads through Gatehouse. */
  gateway: z.object({ tools: z.number().int(), tokens: z.number().int() }),
  servers: z.array(
    z.object({
      name: z.string(),
      tools: z.number().int(),
      tokens: z.number().int(),
      /** live: the running server's list · cached: the last list seen · unknown: never listed yet */
      basis: z.enum(['live', 'cached', 'unknown']),
    }),
  ),
  downstream: z.object({ tools: z.number().int(), tokens: z.number().int() }),
});
export type TokenMeter = z.infer<typeof TokenMeter>;
