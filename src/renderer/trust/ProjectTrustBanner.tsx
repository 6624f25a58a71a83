import { useEffect, useState } from 'react';
import type { ProjectFileReview } from '../../shared/trust';
import { useBridge, useGatehouseStore } from '../app/gatehouse-context';
import { ProjectTrustReview } from './ProjectTrustReview';
import { displayPath, isRefused, pendingFiles, shortDigest, reconcilePins, repin, shownReview, type PinnedReviews } from './reviews';
import { useTrustAction } from './use-trust-action';
import './trust-review.css';

/**
 * The project files waiting for the operator, each with its review and an approve button. The review
 * shown is pinned (see reviews.ts): a push never swaps the text under the operator's eyes, it only marks
 * the review as out of date.
 */
export function ProjectTrustBanner() {
  const report = useGatehouseStore((s) => s.trustReport);
  const bridge = useBridge();
  const [pinned, setPinned] = useState<PinnedReviews>({});
  const { busy, outcome, run } = useTrustAction();

  useEffect(() => setPinned((current) => reconcilePins(current, report)), [report]);

  const pending = pendingFiles(report);
  // A refused file cannot be approved, only replaced: "approval" would promise a button that is not there.
  const need = pending.some(isRefused) ? 'attention' : 'approval';
  const projectRoot = report?.project_root ?? null;
  // A success stays visible until that file needs approval again (an edit, a revoke).
  const approved = outcome?.ok && !pending.some((file) => file.path === outcome.path) ? outcome : null;
  const approvedDigest = approved ? report?.files.find((file) => file.path === approved.path)?.sha256 : undefined;

  const approve = async (shown: ProjectFileReview) => {
    const digest = shown.sha256;
    if (digest === null) return; // a refused file has no bytes to approve (and no button)
    // The digest of the version on screen, never the newest: the core refuses it if the file moved on.
    const result = await run(shown.path, () => bridge.approveProjectFile({ path: shown.path, sha256: digest }));
    if (result && !result.ok) setPinned((current) => repin(current, result.report, shown.path));
  };

  return (
    <>
      {approved && (
        <div className="outcome outcome-ok" role="status" data-testid="trust-approved">
          <p>
            Approved <code>{displayPath(approved.path, projectRoot)}</code>
            {approvedDigest && (
              <>
                {' '}
                (sha256 <code title={approvedDigest}>{shortDigest(approvedDigest)}…</code>)
              </>
            )}
            : its servers can start now. Any later edit needs a new approval.
          </p>
        </div>
      )}
      {pending.length > 0 && (
        <section className="trust-banner" aria-labelledby="trust-banner-heading" data-testid="project-trust-banner">
          <div className="trust-banner-head">
            <h3 id="trust-banner-heading">
              {pending.length === 1 ? `A project file needs your ${need}` : `${pending.length} project files need your ${need}`}
            </h3>
            <p>
              A checked-out project can ask Gatehouse to run any command. Nothing from these files starts until you
              approve their exact bytes, so read what each would run first.
            </p>
          </div>
          {pending.map((current) => {
            const { shown, stale } = shownReview(pinned, current);
            return (
              <ProjectTrustReview
                key={current.path}
                file={shown}
                projectRoot={projectRoot}
                stale={stale}
                busy={busy !== null}
                approving={busy === current.path}
                refusal={outcome && !outcome.ok && outcome.path === current.path ? outcome.message : null}
                onApprove={() => void approve(shown)}
                onShowLatest={() => report && setPinned((p) => repin(p, report, current.path))}
              />
            );
          })}
        </section>
      )}
    </>
  );
}
