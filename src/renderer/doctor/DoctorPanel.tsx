import { ErrorBanner } from '../ui/ErrorBanner';
import { formatTime } from '../ui/format-time';
import { Panel } from '../ui/Panel';
import { useGatehouseStore } from '../app/gatehouse-context';
import { isDoctorFailure } from './doctor-slice';
import { DoctorFailure } from './DoctorFailure';
import { DoctorSummary } from './DoctorSummary';
import { FindingGroups } from './FindingGroups';
import './doctor.css';

export function DoctorPanel() {
  const result = useGatehouseStore((s) => s.doctorResult);
  const running = useGatehouseStore((s) => s.doctorRunning);
  const error = useGatehouseStore((s) => s.doctorError);

  return (
    <Panel
      id="doctor"
      title="Doctor"
      busy={running}
      tools={<DoctorRun />}
    >
      {error && <ErrorBanner testId="doctor-error">Doctor could not run: {error}</ErrorBanner>}
      {result === null ? (
        <p className="empty">
          {running
            ? 'Running checks…'
            : 'Run the checks to diagnose this host and the Python runtime. Doctor only reads; it changes nothing.'}
        </p>
      ) : isDoctorFailure(result) ? (
        <DoctorFailure failure={result} />
      ) : (
        <>
          <DoctorSummary document={result} />
          <FindingGroups findings={result.findings} />
        </>
      )}
    </Panel>
  );
}

/** When the checks last ran, and the button that runs them again. */
function DoctorRun() {
  const ranAt = useGatehouseStore((s) => s.doctorRanAt);
  const running = useGatehouseStore((s) => s.doctorRunning);
  const run = useGatehouseStore((s) => s.runDoctor);
  return (
    <div className="panel-tools">
      {ranAt && (
        <span className="panel-summary" data-testid="doctor-ran-at">
          last run {formatTime(ranAt)}
        </span>
      )}
      <button
        type="button"
        className="btn btn-primary btn-wide"
        aria-label="Run checks"
        aria-busy={running}
        data-testid="doctor-run"
        disabled={running}
        onClick={() => void run()}
      >
        {running ? 'Running…' : 'Run checks'}
      </button>
    </div>
  );
}
