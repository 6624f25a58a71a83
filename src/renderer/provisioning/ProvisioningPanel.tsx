import { useGatehouseStore } from '../app/gatehouse-context';
import { isJobFinished } from '../../shared/provisioning';
import { ErrorBanner } from '../ui/ErrorBanner';
import { Panel } from '../ui/Panel';
import { JobCard } from './JobCard';
import { ProvisionForm } from './ProvisionForm';
import './provisioning.css';

export function ProvisioningPanel() {
  const snapshot = useGatehouseStore((s) => s.provisioning);
  const error = useGatehouseStore((s) => s.provisioningError);
  const jobs = snapshot?.jobs ?? [];
  const running = jobs.filter((job) => !isJobFinished(job.status)).length;
  return (
    <Panel
      id="provisioning"
      title="Provisioning"
      summary={snapshot ? `${jobs.length} job${jobs.length === 1 ? '' : 's'}${running ? ` · ${running} running` : ''}` : ''}
      busy={running > 0}
    >
      <p className="panel-intro">
        Installs of manifest and approved registry servers, as <code>gateway.provision</code> runs them: download (resolve the exact version), install,
        start, tools.
      </p>
      {error && <ErrorBanner testId="provisioning-error">{error}</ErrorBanner>}
      <ProvisionForm />
      {snapshot === null ? (
        !error && <p className="empty">Reading install jobs…</p>
      ) : jobs.length === 0 ? (
        <p className="empty" data-testid="provisioning-empty">
          No install jobs in the last hour. Provision a server above, or let an agent call <code>gateway.provision</code>.
        </p>
      ) : (
        <ul className="job-list" aria-label="Install jobs, newest first">
          {jobs.map((job) => (
            <JobCard key={job.job_id} job={job} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
