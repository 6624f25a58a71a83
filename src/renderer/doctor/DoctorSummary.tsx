import type { DoctorDocument } from './doctor-slice';

const STATUS_TONE = { healthy: 'tone-ok', findings: 'tone-warn' } as const;

const totalLabels = [
  ['error', 'errors'],
  ['warn', 'warnings'],
  ['info', 'info'],
  ['deferred', 'deferred'],
] as const;

/** The document's header: verdict, where it ran, the runtime it found and the totals. */
export function DoctorSummary({ document }: { document: DoctorDocument }) {
  const { environment, runtime } = document;
  return (
    <div className="card doctor-summary" data-testid="doctor-summary">
      <dl className="summary-facts">
        <div className="fact">
          <dt>status</dt>
          <dd>
            <span className={`pill pill-doctor-${document.status} ${STATUS_TONE[document.status]}`} data-testid="doctor-status">
              {document.status}
            </span>
          </dd>
        </div>
        <div className="fact">
          <dt>environment</dt>
          <dd data-testid="doctor-environment">
            <strong>{environment.kind}</strong> · {environment.platform} {environment.arch}
          </dd>
        </div>
        <div className="fact">
          <dt>runtime</dt>
          <dd data-testid="doctor-runtime">
            {runtime.uvVersion ?? 'uv not found'} · {runtime.pythonVersion ? `Python ${runtime.pythonVersion}` : 'no Python'}
          </dd>
        </div>
        <div className="fact fact-wide">
          <dt>root</dt>
          <dd className="mono" title={document.root ?? undefined}>
            {document.root ?? '—'}
          </dd>
        </div>
      </dl>
      <ul className="totals" aria-label="Totals" data-testid="doctor-totals">
        {totalLabels.map(([key, label]) => (
          <li key={key} className={`total total-${key}${document.totals[key] === 0 ? ' total-zero' : ''}`} data-testid={`doctor-total-${key}`}>
            <span className="total-count">{document.totals[key]}</span> {label}
          </li>
        ))}
      </ul>
    </div>
  );
}
