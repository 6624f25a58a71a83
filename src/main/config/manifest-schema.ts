// The manifest file format (resources/manifest.yaml and the overlays). Unknown keys are refused so a
// typo is reported with its line instead of silently ignored.
import * as z from 'zod';

const name = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'must be lowercase letters, digits, "-" or "_" (≤ 64)');
const word = z.string().min(1).max(60);
const argv = z.array(z.string().min(1).max(200)).min(1).max(10);
const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a variable name');

export const PackageSchema = z.strictObject({
  type: z.enum(['npm', 'pypi']),
  name: z.string().min(1).max(214),
  version: z.string().min(1).max(64).optional(),
});

export const ServerSchema = z.strictObject({
  description: z.string().min(1).max(300),
  category: name.optional(),
  keywords: z.array(word).max(40).default([]),
  transport: z.enum(['stdio', 'http', 'sse']).default('stdio'),
  package: PackageSchema.optional(),
  args: z.array(z.string().max(200)).max(20).default([]),
  url: z.string().url().optional(),
  env_vars: z.array(envName).max(10).default([]),
  env_instructions: z.string().max(300).optional(),
});

export const CliSchema = z.strictObject({
  description: z.string().min(1).max(200),
  keywords: z.array(word).max(40).default([]),
  check_command: argv,
  help_command: argv,
  examples: z.array(z.string().max(200)).max(10).default([]),
  prefer_mcp_for: z.array(z.string().max(200)).max(10).default([]),
});

export const CategorySchema = z.strictObject({
  description: z.string().min(1).max(200),
  keywords: z.array(word).max(40).default([]),
});

export const ManifestSchema = z.strictObject({
  version: z.literal(1),
  categories: z.record(name, CategorySchema).default({}),
  servers: z.record(name, ServerSchema).default({}),
  clis: z.record(name, CliSchema).default({}),
});

export type ManifestFile = z.infer<typeof ManifestSchema>;
