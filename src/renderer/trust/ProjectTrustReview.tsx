import { useId } from 'react';
import type { ProjectFileReview } from '../../shared/trust';
import { keyed } from '../ui/keyed';
import { displayPath, isRefused, kindLabel, shortDigest } from './reviews';
import { TrustServer } from './TrustServer';

/**
 * The colour of each review state (controls.css tones). An approved file's pill stays plain; a refused one
 * has its own rule in trust-review.css (no border colour).
 */
const STATE_TONE: Record<ProjectFileReview['state'], string> = { approved: '', changed: 'tone-orange', not_approved: 'tone-accent', refused: '' };

interface Props {
  /** The version the operator is reading (pinned), not necessarily what is on disk now. */
  file: ProjectFileReview;
  projectRoot: string | null;
  /** The file on disk no longer has the shown digest. */
  stale: boolean;
  /** Some trust action is in flight; `approving` when it is this file's approval. */
  busy: boolean;
  approving: boolean;
  refusal: string | null;
  onApprove: () => void;
  onShowLatest: () => void;
}

function pillText(file: ProjectFileReview): string {
  if (isRefused(file)) return 'refused';
  return file.state === 'changed' ? 'changed since approval' : 'new';
}

function leadText(file: ProjectFileReview): string {
  if (isRefused(file)) return `Gatehouse does not read this ${kindLabel[file.kind]}, so there is nothing to approve and nothing from it starts.`;
  return file.state === 'changed'
    ? `This ${kindLabel[file.kind]} changed since you approved it. Its servers are held until you approve the new bytes.`
    : `This ${kindLabel[file.kind]} has not been approved. Its servers are listed but will not start until you approve it.`;
}

/** One project file's review: what it would launch and read, exactly, and the digest an approval covers. */
export function ProjectTrustReview({ file, projectRoot, stale, busy, approving, refusal, onApprove, onShowLatest }: Props) {
  const id = useId();
  const name = displayPath(file.path, projectRoot);
  const refused = isRefused(file);
  const launchesVerb = file.kind === 'manifest' ? 'offer' : 'launch';

  return (
    <article className="trust-review" aria-labelledby={`${id}-title`} data-testid="trust-review" data-path={file.path}>
      <div className="trust-review-head">
        <h4 id={`${id}-title`}>
          <code>{name}</code>
        </h4>
        <span className={`pill pill-trust-${file.state} ${STATE_TONE[file.state]}`} data-testid="trust-state">
          {pillText(file)}
        </span>
      </div>
      <p className="trust-lead">{leadText(file)}</p>
      <dl className="trust-facts">
        <dt>File</dt>
        <dd>
          <code>{file.path}</code>
        </dd>
        {file.sha256 !== null && (
          <>
            <dt>SHA-256</dt>
            <dd>
              <code title={file.sha256} data-testid="trust-digest">
                {shortDigest(file.sha256)}…
              </code>
              {file.state === 'changed' && file.approved_sha256 && (
                <span className="trust-was">
                  previously approved <code title={file.approved_sha256}>{shortDigest(file.approved_sha256)}…</code>
                </span>
              )}
            </dd>
          </>
        )}
      </dl>

      {refused ? (
        <div className="callout callout-danger trust-refused" role="status" data-testid="trust-file-refusal">
          <p>
            <code>{name}</code> {file.refusal}
          </p>
        </div>
      ) : (
        <>
          <h5 className="detail-heading trust-subhead">
            {file.servers.length === 0
              ? `It would ${launchesVerb} no servers`
              : `It would ${launchesVerb} ${file.servers.length === 1 ? '1 server' : `${file.servers.length} servers`}`}
          </h5>
          {file.servers.length > 0 && (
            <ul className="trust-servers">
              {file.servers.map((server) => (
                <TrustServer key={server.name} server={server} />
              ))}
            </ul>
          )}
        </>
      )}

      {file.problems.length > 0 && (
        <div className="trust-problems" data-testid="trust-problems">
          <h5 className="detail-heading trust-subhead">Problems — these entries are skipped even once approved</h5>
          <ul>
            {keyed(file.problems, (problem) => problem).map(({ key, item: problem }) => (
              <li key={key}>{problem}</li>
            ))}
          </ul>
        </div>
      )}

      {stale && (
        <div className="callout callout-warn trust-stale" role="status" data-testid="trust-stale">
          <span>This file changed on disk after this review was shown, so approving these bytes will be refused.</span>
          <button type="button" className="btn btn-small" onClick={onShowLatest}>
            Show the new version
          </button>
        </div>
      )}
      {refusal && (
        <p className="action-message" role="alert" data-testid="trust-refusal">
          Not approved: {refusal}. The review above shows the file as it is now.
        </p>
      )}
      {!refused && file.sha256 !== null && (
        <div className="trust-actions">
          <button
            type="button"
            className="btn btn-primary btn-wide"
            aria-label={`Approve these bytes of ${name}`}
            aria-describedby={`${id}-note`}
            aria-busy={approving}
            disabled={busy}
            onClick={onApprove}
          >
            {approving ? 'Approving…' : 'Approve these bytes'}
          </button>
          <span id={`${id}-note`} className="trust-note">
            Approves sha256 <code>{shortDigest(file.sha256)}…</code> only; any later edit needs a new approval.
          </span>
        </div>
      )}
    </article>
  );
}
