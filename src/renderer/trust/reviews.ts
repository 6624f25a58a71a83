// Pure helpers for the project-trust review. The review an operator reads must not change under the
// cursor: a file edited while the review is open would otherwise be approved unread, which is exactly
// what approving by digest exists to prevent. So the panel pins the version it showed, and the pinned
// digest is what "Approve these bytes" sends; the core refuses it if the file moved on.
import type { ProjectFileReview, ProjectTrustReport } from '../../shared/trust';

export type PinnedReviews = Readonly<Record<string, ProjectFileReview>>;

/** Files whose servers are withheld: waiting for approval, or refused (Gatehouse does not read them). */
export function needsApproval(file: ProjectFileReview): boolean {
  return file.state !== 'approved';
}

/** A refused file (a link, a FIFO, too large, …) has no bytes to approve: its review is only the reason. */
export function isRefused(file: ProjectFileReview): boolean {
  return file.state === 'refused';
}

export function pendingFiles(report: ProjectTrustReport | null): ProjectFileReview[] {
  return report?.files.filter(needsApproval) ?? [];
}

export function approvedFiles(report: ProjectTrustReport | null): ProjectFileReview[] {
  return report?.files.filter((file) => !needsApproval(file)) ?? [];
}

/**
 * Keeps the pinned version of every file still waiting, pins files seen for the first time, and drops
 * files that were approved or disappeared. Returns the same object when nothing changed, so it can feed
 * a state setter without causing another render.
 */
export function reconcilePins(pinned: PinnedReviews, report: ProjectTrustReport | null): PinnedReviews {
  const next: Record<string, ProjectFileReview> = {};
  // A refused review is never kept as a pin: there is nothing to approve in it, so the current state counts.
  for (const file of pendingFiles(report)) {
    const pin = pinned[file.path];
    next[file.path] = isRefused(file) || !pin || isRefused(pin) ? file : pin;
  }
  const same =
    Object.keys(next).length === Object.keys(pinned).length && Object.entries(next).every(([path, file]) => pinned[path] === file);
  return same ? pinned : next;
}

/** Replaces one file's pin with its current version (after a refusal, or when the operator asks). */
export function repin(pinned: PinnedReviews, report: ProjectTrustReport, path: string): PinnedReviews {
  const current = report.files.find((file) => file.path === path);
  const next: Record<string, ProjectFileReview> = { ...pinned };
  if (current && needsApproval(current)) next[path] = current;
  else delete next[path];
  return next;
}

/** The version to show for a waiting file, and whether the file on disk has moved on since. */
export function shownReview(pinned: PinnedReviews, current: ProjectFileReview): { shown: ProjectFileReview; stale: boolean } {
  if (isRefused(current)) return { shown: current, stale: false };
  const shown = pinned[current.path] ?? current;
  return { shown, stale: shown.sha256 !== current.sha256 };
}

/** Enough of a digest to compare by eye; the same length the core's messages use. */
export function shortDigest(sha256: string): string {
  return sha256.slice(0, 12);
}

/** A path inside the project as the operator knows it (`.mcp.json`); anything else stays absolute. */
export function displayPath(path: string, projectRoot: string | null): string {
  if (!projectRoot) return path;
  const root = projectRoot.replace(/[\\/]+$/, '');
  const sep = path.charAt(root.length);
  return path.startsWith(root) && (sep === '/' || sep === '\\') ? path.slice(root.length + 1) : path;
}

export const kindLabel: Record<ProjectFileReview['kind'], string> = {
  mcp_config: 'project server config',
  manifest: 'project provisioning manifest',
};
