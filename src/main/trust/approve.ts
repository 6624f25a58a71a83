// Approving and revoking project files, shared by the control panel and `gatehouse trust`. The bytes are
// read once: the digest checked against what the operator reviewed is the digest stored, so a file
// swapped between review and approval is refused rather than approved unseen.
import { readFileSync } from 'node:fs';
import { approveFile, revokeFile, sha256 } from './store';

export interface TrustOutcome {
  ok: boolean;
  message: string;
  /** The digest approved (on success). */
  sha256?: string;
}

export function approveReviewed(stateDir: string, path: string, reviewedSha256?: string): TrustOutcome {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    return { ok: false, message: `cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'}); nothing was approved` };
  }
  const digest = sha256(bytes);
  if (reviewedSha256 && reviewedSha256 !== digest) {
    return { ok: false, message: `${path} changed since it was reviewed (reviewed sha256 ${reviewedSha256.slice(0, 12)}…, now ${digest.slice(0, 12)}…); review it again before approving` };
  }
  approveFile(stateDir, path, bytes);
  return { ok: true, message: `approved ${path} (sha256 ${digest}); any later edit needs a new approval`, sha256: digest };
}

export function revokeApproval(stateDir: string, path: string): TrustOutcome {
  return revokeFile(stateDir, path)
    ? { ok: true, message: `approval of ${path} withdrawn; its servers stop and stay unstarted until approved again` }
    : { ok: false, message: `${path} had no approval` };
}
