// Whether a project file's bytes are approved (contract §4.5): what config loading asks of every project
// source, and the words for it. It reads only trust.json (store.ts), never a config file, so config
// loading can ask it without depending on the review, which reads config files to show them.
import type { TrustState } from '../../shared/trust';
import { gatehouseRun } from '../common/gatehouse-command';
import { approvedDigest } from './store';

export interface TrustVerdict {
  state: TrustState;
  sha256: string;
  approved_sha256: string | null;
}

export function trustVerdict(stateDir: string, path: string, digest: string): TrustVerdict {
  const approved = approvedDigest(stateDir, path);
  const state: TrustState = approved === digest ? 'approved' : approved ? 'changed' : 'not_approved';
  return { state, sha256: digest, approved_sha256: approved };
}

/** The next step an operator takes to approve a file, for messages and E404 data. */
export function approveHint(path: string): string {
  return `review ${path}, then approve it in the Gatehouse panel or run: ${gatehouseRun(`trust approve ${JSON.stringify(path)}`)}`;
}

export function describeVerdict(path: string, verdict: TrustVerdict): string {
  return verdict.state === 'changed'
    ? `${path} changed since it was approved (approved sha256 ${verdict.approved_sha256?.slice(0, 12)}…, now ${verdict.sha256.slice(0, 12)}…)`
    : `${path} is not approved`;
}
