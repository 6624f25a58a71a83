import type { JobStageView, JobView } from '../../shared/provisioning';
import { formatDuration } from '../ui/format-duration';
import { formatClock } from '../ui/format-time';

const STATUS_TAG: Record<JobView['status'], string> = {
  pending: '',
  installing: 'tag-accent',
  server_ready: 'tag-accent',
  complete: 'tag-ok',
  failed: 'tag-danger',
  timeout: 'tag-danger',
};

/** One install job: its stage track, progress, package@version, and how it ended. */
export function JobCard({ job }: { job: JobView }) {
  const failed = job.status === 'failed' || job.status === 'timeout';
  const spec = job.package ? `${job.package}${job.version ? `@${job.version}` : ''}` : null;
  const took = job.finished_at ? Date.parse(job.finished_at) - Date.parse(job.started_at) : null;
  return (
    <li className={`card job-card${failed ? ' job-failed' : ''}`} data-testid={`job-${job.server}`} aria-label={`Install job for ${job.server}`}>
      <div className="job-head">
        <span className="job-server">{job.server}</span>
        <span className={`tag ${STATUS_TAG[job.status]}`} data-testid={`job-status-${job.server}`}>
          {job.status.replace('_', ' ')}
        </span>
        {spec && <code className="job-package">{spec}</code>}
        <span className="job-time muted-note">
          {formatClock(job.started_at)}
          {took !== null && ` · ${formatDuration(took)}`}
        </span>
      </div>
      <progress className="job-progress" max={100} value={job.progress} aria-label={`Progress of ${job.server}: ${job.progress}%`} />
      <ol className="stage-track" aria-label={`Stages of ${job.server}`}>
        {job.stages.map((stage) => (
          <StageStep key={stage.name} server={job.server} stage={stage} />
        ))}
      </ol>
      <p className="job-message" data-testid={`job-message-${job.server}`}>
        {job.message}
      </p>
      {job.error && (
        <div className="job-error">
          {/* The job's message usually is the error's: said once. */}
          {job.error.message !== job.message && <p>{job.error.message}</p>}
          <p>
            <span className="outcome-code" title="Error code">
              {job.error.code}
            </span>{' '}
            {job.error.suggestion && (
              <span className="job-suggestion">
                <span className="job-suggestion-label">Next step:</span> {job.error.suggestion}
              </span>
            )}
          </p>
        </div>
      )}
      {failed && job.output_tail.length > 0 && (
        <figure className="job-tail">
          <figcaption>Installer's last lines</figcaption>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
          <pre className="mono" tabIndex={0} data-testid={`job-tail-${job.server}`}>
            {job.output_tail.join('\n')}
          </pre>
        </figure>
      )}
      {job.status === 'complete' && job.new_tools.length > 0 && (
        <p className="job-tools" data-testid={`job-tools-${job.server}`}>
          Tools: {job.new_tools.map((tool) => <code key={tool}>{tool}</code>)}
        </p>
      )}
    </li>
  );
}

const STATE_MARK: Record<JobStageView['state'], string> = { pending: '○', running: '◐', done: '✓', failed: '✕', skipped: '–' };

function StageStep({ server, stage }: { server: string; stage: JobStageView }) {
  return (
    <li className={`stage stage-${stage.state}`} data-testid={`stage-${server}-${stage.name}`} data-state={stage.state}>
      <span className="stage-mark" aria-hidden="true">
        {STATE_MARK[stage.state]}
      </span>
      <span className="stage-name">{stage.name}</span>
      <span className="stage-state">{stage.state}</span>
      {stage.detail && <span className="stage-detail">{stage.detail}</span>}
    </li>
  );
}
