import { useState } from 'react';
import { useBridge, useGatehouseStore } from '../app/gatehouse-context';
import { approvedFiles, displayPath, shortDigest } from './reviews';
import { useTrustAction } from './use-trust-action';
import './trust-details.css';

/** Approved project files and their digests, folded away; revoking one holds its servers again. */
export function ProjectTrustDetails() {
  const report = useGatehouseStore((s) => s.trustReport);
  const bridge = useBridge();
  const { busy, outcome, run } = useTrustAction();
  // Held here rather than by the element: revoking the last file briefly leaves nothing to list (the
  // push lands before the answer), and a remounted <details> would fold shut on the operator.
  const [open, setOpen] = useState(false);
  const approved = approvedFiles(report);
  if (!report || (approved.length === 0 && !outcome && busy === null)) return null;
  const projectRoot = report.project_root;

  return (
    <details
      className="trust-details"
      data-testid="project-trust-details"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>
        Project trust
        <span className="trust-details-count">
          {approved.length === 0 ? 'no approved files' : approved.length === 1 ? '1 approved file' : `${approved.length} approved files`}
        </span>
      </summary>
      {approved.length > 0 && (
        <p className="trust-details-help">
          These project files were approved byte for byte. Revoking one stops its servers and holds them until you
          approve it again.
        </p>
      )}
      {approved.length > 0 && (
        <ul className="trust-approved-list">
          {approved.map((file) => {
            const name = displayPath(file.path, projectRoot);
            return (
              <li key={file.path} className="trust-approved" data-testid="trust-approved-file" data-path={file.path}>
                <code className="trust-approved-path" title={file.path}>
                  {name}
                </code>
                {file.sha256 !== null && (
                  <span className="trust-approved-digest">
                    sha256 <code title={file.sha256}>{shortDigest(file.sha256)}…</code>
                  </span>
                )}
                <button
                  type="button"
                  className="btn btn-small btn-danger"
                  aria-label={`Revoke approval of ${name}`}
                  aria-busy={busy === file.path}
                  disabled={busy !== null}
                  onClick={() => void run(file.path, () => bridge.revokeProjectFile({ path: file.path }))}
                >
                  {busy === file.path ? 'Revoking…' : 'Revoke'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {outcome && (
        <p
          className={`trust-details-outcome ${outcome.ok ? 'trust-details-ok' : 'action-message'}`}
          role={outcome.ok ? 'status' : 'alert'}
          data-testid="trust-revoke-outcome"
        >
          {outcome.ok ? (
            <>
              Approval of <code>{displayPath(outcome.path, projectRoot)}</code> withdrawn; its servers are held until you
              approve it again.
            </>
          ) : (
            `Not revoked: ${outcome.message}`
          )}
        </p>
      )}
    </details>
  );
}
