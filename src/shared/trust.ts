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

export const ProjectFileReview = z.object({
  path: z.string(),
  kind: ProjectFileKind,
  state: TrustState,
  sha256: Sha256,
  approved_sha256: Sha256.nullable(),
  /** What the file would launch: a command line or a URL, the working folder, the variable names it sets. */
  servers: z.array(z.object({ name: z.string(), launches: z.string(), cwd: z.string().nullable(), variables: z.array(z.string()) })),
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
