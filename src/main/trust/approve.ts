// Approving and revoking project files, shared by the control panel and `gatehouse trust`. The bytes are
// read once, through the project-file reader: the digest checked against what the operator reviewed is
// the digest stored, and the entries recorded with it are parsed from those same bytes, so a file swapped
// between review and approval is refused rather than approved unseen. A project file that is a link (or
// sits behind a linked folder), a FIFO, a device or too large is refused: there is nothing to approve.
import { readProjectFile } from '../common/read-file';
import { projectPlace } from './place';
import { projectTrustFiles, reviewBytes } from './project-files';
import { approveFile, revokeFile, sha256 } from './store';

export interface TrustOutcome {
  ok: boolean;
  message: string;
  /** The digest approved (on success). */
  sha256?: string;
}

export function approveReviewed(stateDir: string, path: string, reviewedSha256?: string): TrustOutcome {
  const place = projectPlace(path);
  const file = place ? projectTrustFiles(place.root).find((f) => f.relative === place.relative) : undefined;
  if (!place || !file) return { ok: false, message: `${path} is not a trust-gated project file (.mcp.json or .gatehouse/manifest.yaml); nothing was approved` };
  const read = readProjectFile(place.root, place.relative);
  if (!read.ok) return { ok: false, message: `${path} ${read.reason}; nothing was approved` };
  const digest = sha256(read.bytes);
  // Any digest given is checked (an empty one matches nothing); only an absent one means "as it is now".
  if (reviewedSha256 !== undefined && reviewedSha256 !== digest) {
    return { ok: false, message: `${path} changed since it was reviewed (reviewed sha256 ${reviewedSha256.slice(0, 12) || '(none)'}…, now ${digest.slice(0, 12)}…); review it again before approving` };
  }
  const review = reviewBytes(stateDir, place.root, file, read.bytes);
  approveFile(stateDir, path, read.bytes, review.servers.map(({ name, launches, cwd }) => ({ name, launches, cwd })));
  return { ok: true, message: `approved ${path} (sha256 ${digest}); any later edit needs a new approval`, sha256: digest };
}

export function revokeApproval(stateDir: string, path: string): TrustOutcome {
  return revokeFile(stateDir, path)
    ? { ok: true, message: `approval of ${path} withdrawn; its servers stop and stay unstarted until approved again` }
    : { ok: false, message: `${path} had no approval` };
}
