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

const httpUrl = (field: string) => z.url({ protocol: /^https?$/, error: `${field} must be an http(s) URL` });

export const RemoteEntrySchema = z.object({
  type: z.enum(['http', 'streamable-http', 'sse', 'remote']).optional(),
  url: httpUrl('url'),
  headers: StringMap.default({}),
  // Authorization metadata the entry declares (contract §4.2), reported in auth fields.
  protected_resource_metadata_url: httpUrl('protected_resource_metadata_url').optional(),
  authorization_server_metadata_url: httpUrl('authorization_server_metadata_url').optional(),
  oidc_issuer_url: httpUrl('oidc_issuer_url').optional(),
  oidc_discovery_url: httpUrl('oidc_discovery_url').optional(),
  client_id_metadata_document_url: httpUrl('client_id_metadata_document_url').optional(),
  declared_scopes: z.array(z.string().min(1)).optional(),
  supports_url_elicitation: z.boolean().optional(),
});

/** The top level; unknown keys are kept for other tools that share the file. */
export const ConfigFileSchema = z.looseObject({
  mcpServers: z.record(z.string(), z.unknown()).default({}),
  autoStart: z.array(z.string()).default([]),
  disableAutoStart: z.array(z.string()).default([]),
});

export type StdioEntry = z.infer<typeof StdioEntrySchema>;
export type RemoteEntry = z.infer<typeof RemoteEntrySchema>;
