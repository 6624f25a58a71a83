// Project trust as the panel and the CLI see it (contract §4.5): which project files exist, whether the
// operator approved their exact bytes, and what each would launch. Values of variables never appear here,
// only their names.
import * as z from 'zod';

/** approved: these bytes were approved · changed: an earlier version was · not_approved: never approved. */
export const TrustState = z.enum(['approved', 'changed', 'not_approved']);
export type TrustState = z.infer<typeof TrustState>;

export const ProjectFileKind = z.enum(['mcp_config', 'manifest']);
export type ProjectFileKind = z.infer<typeof ProjectFileKind>;

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 digest is 64 lowercase hex characters');

/** approved · changed · not_approved (as TrustState), or refused: Gatehouse would not read the file at all. */
export const ReviewState = z.enum(['approved', 'changed', 'not_approved', 'refused']);
export type ReviewState = z.infer<typeof ReviewState>;

/** A `${NAME}` an entry holds: which secret it would read, where, and under which keychain names. */
export const VariableReference = z.object({
  name: z.string(),
  /** Where the entry says it: `env.LOG_LEVEL`, `headers.Authorization`, `args[1]`, `url`, `command`, `cwd`, … */
  fields: z.array(z.string()),
  /** True when Gatehouse fills it in (env and header values); anywhere else it is passed on as written. */
  interpolated: z.boolean(),
  /** The keychain accounts tried, in order, after the gateway's own environment (none when not looked up). */
  keychain: z.array(z.string()),
});
export type VariableReference = z.infer<typeof VariableReference>;

export const ReviewedServer = z.object({
  name: z.string(),
  /** What it would launch: a command line or a URL. */
  launches: z.string(),
  /** The working folder (stdio), else null. */
  cwd: z.string().nullable(),
  /** The names it sets: env keys (stdio) or header names (remote); values never appear. */
  variables: z.array(z.string()),
  /** Every `${NAME}` it holds, sorted by name. */
  references: z.array(VariableReference),
  /** The user's own server of the same name that this entry replaces once the file is approved. */
  replaces: z.object({ source: z.enum(['user', 'custom']), path: z.string() }).nullable(),
});
export type ReviewedServer = z.infer<typeof ReviewedServer>;

export const ProjectFileReview = z.object({
  path: z.string(),
  kind: ProjectFileKind,
  state: ReviewState,
  /** The digest of the bytes reviewed; null when the file was refused (nothing was read). */
  sha256: Sha256.nullable(),
  approved_sha256: Sha256.nullable(),
  /** Why Gatehouse refuses to read the file (state `refused`): a symlink, a FIFO, too large, …; else null. */
  refusal: z.string().nullable(),
  /** What the file would launch: a command line or a URL, the working folder, the variables it sets and reads. */
  servers: z.array(ReviewedServer),
  /** Problems found while reading it (its bad entries are skipped even once approved). */
  problems: z.array(z.string()),
});
export type ProjectFileReview = z.infer<typeof ProjectFileReview>;

export const ProjectTrustReport = z.object({
  project_root: z.string().nullable(),
  files: z.array(ProjectFileReview),
});
export type ProjectTrustReport = z.infer<typeof ProjectTrustReport>;

/** Approve the bytes the operator reviewed: refused when the file no longer has that digest. */
export const ApproveProjectFileInput = z.object({ path: z.string().min(1).max(4096), sha256: Sha256 });
export type ApproveProjectFileInput = z.infer<typeof ApproveProjectFileInput>;

export const TrustActionResult = z.object({ ok: z.boolean(), message: z.string(), report: ProjectTrustReport });
export type TrustActionResult = z.infer<typeof TrustActionResult>;
