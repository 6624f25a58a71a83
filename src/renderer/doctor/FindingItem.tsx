import type { Finding } from './doctor-slice';
import { InlineCode } from './InlineCode';

/** The colours of a check's result and of its severity (controls.css tones). */
const STATUS_TONE = { failed: 'tone-danger', passed: 'tone-ok', deferred: 'tone-warn', skipped: 'tone-quiet' } as const;
const SEVERITY_TONE = { error: 'tone-danger', warn: 'tone-orange', info: 'tone-accent' } as const;

/**
 * One check's result. A finding always carries its check's remediation; it is shown only where there
 * is something to do (failed) or to do elsewhere (deferred), since "install uv" next to a pass misleads.
 * The severity attribute stays on every item for tests and tooling.
 */
export function FindingItem({ finding }: { finding: Finding }) {
  const actionable = finding.status === 'failed' || finding.status === 'deferred';
  return (
    <li
      className={`finding finding-${finding.status}`}
      data-testid={`finding-${finding.id}`}
      data-status={finding.status}
      data-severity={finding.severity}
    >
      <div className="finding-pills">
        <span className={`pill pill-status-${finding.status} ${STATUS_TONE[finding.status]}`} data-testid="finding-status">
          {finding.status}
        </span>
        {/* Severity is how bad a failure of this check would be: loud when it failed, muted when the check
            still has to run elsewhere, and left out beside a pass, where "error" would read as a contradiction. */}
        {actionable && (
          <span
            className={`pill pill-severity-${finding.severity} ${SEVERITY_TONE[finding.severity]}${finding.status === 'failed' ? '' : ' pill-muted'}`}
            title={`severity if this check fails: ${finding.severity}`}
            data-testid="finding-severity"
          >
            {finding.severity}
          </span>
        )}
      </div>
      <div className="finding-body">
        <div className="finding-title">
          <code className="finding-id">{finding.id}</code>
          {finding.subject && <span className="finding-subject">{finding.subject}</span>}
        </div>
        <p className="finding-message">
          <InlineCode text={finding.message} />
        </p>
        {actionable && finding.remediation && (
          <p className="finding-remediation">
            <span className="finding-label">Remediation</span>
            <InlineCode text={finding.remediation} />
          </p>
        )}
      </div>
    </li>
  );
}
