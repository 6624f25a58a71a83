// The manifest file format (resources/manifest.yaml and the overlays). Unknown keys are refused so a
// typo is reported with its line instead of silently ignored.
import * as z from 'zod';

const name = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'must be lowercase letters, digits, "-" or "_" (≤ 64)');
const word = z.string().min(1).max(60);
const argv = z.array(z.string().min(1).max(200)).min(1).max(10);
const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a variable name');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');

export const PackageSchema = z.strictObject({
  type: z.enum(['npm', 'pypi']),
  name: z.string().min(1).max(214),
  version: z.string().min(1).max(64).optional(),
  /** The executable to run when it is not named like the package (`npx --package=… bin`, `uvx --from … bin`). */
  bin: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'must be an executable name').optional(),
});

/**
 * A credential or setting the server reads: a bare name, or the name with where to get it (a URL or
 * one sentence an operator can follow).
 */
export const EnvVarSchema = z.union([envName, z.strictObject({ name: envName, where: z.string().min(1).max(300) })]);

/**
 * What scripts/verify-manifest.mjs found in the package's registry: the latest version and the day it
 * checked. null with `verified_note` for what no registry can vouch for (a remote-only server).
 */
export const VerifiedSchema = z.strictObject({ version: z.string().min(1).max(64), date: isoDate });

export const ServerSchema = z.strictObject({
  description: z.string().min(1).max(300),
  category: name.optional(),
  keywords: z.array(word).max(40).default([]),
  transport: z.enum(['stdio', 'http', 'sse']).default('stdio'),
  package: PackageSchema.optional(),
  args: z.array(z.string().max(200)).max(20).default([]),
  url: z.string().url().optional(),
  /** Required variables: the server does not start without them. */
  env_vars: z.array(EnvVarSchema).max(10).default([]),
  /** Variables the server reads when set (a region, a self-hosted URL, a second credential). */
  optional_env_vars: z.array(EnvVarSchema).max(10).default([]),
  env_instructions: z.string().max(300).optional(),
  /** How the server authenticates to its service; by default api_key when env_vars are required, else none. */
  auth: z.enum(['api_key', 'oauth', 'none']).optional(),
  homepage: z.string().url().optional(),
  verified: VerifiedSchema.nullable().optional(),
  verified_note: z.string().min(1).max(200).optional(),
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

/** The last run of scripts/verify-manifest.mjs over the whole file. */
export const VerificationSchema = z.strictObject({
  date: isoDate,
  checked: z.number().int().min(0),
  resolved: z.number().int().min(0),
  dropped: z.number().int().min(0),
  remote_only: z.number().int().min(0),
});

export const ManifestSchema = z.strictObject({
  version: z.literal(1),
  verification: VerificationSchema.optional(),
  categories: z.record(name, CategorySchema).default({}),
  servers: z.record(name, ServerSchema).default({}),
  clis: z.record(name, CliSchema).default({}),
});

export type ManifestFile = z.infer<typeof ManifestSchema>;
export type EnvVarEntry = z.infer<typeof EnvVarSchema>;
