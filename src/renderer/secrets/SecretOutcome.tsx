import { useGatehouseStore } from '../app/gatehouse-context';

/** The core's answer to the last set or delete: its message, stable code and next step. */
export function SecretOutcome() {
  const outcome = useGatehouseStore((s) => s.secretOutcome);
  if (!outcome) return null;
  const { result } = outcome;
  return (
    <div
      className={`outcome ${result.ok ? 'outcome-ok' : 'outcome-error'}`}
      role={result.ok ? 'status' : 'alert'}
      data-testid="secret-outcome"
      data-ok={String(result.ok)}
    >
      <p className="outcome-message">
        {result.message}
        {result.code && <code className="outcome-code">{result.code}</code>}
      </p>
      {result.next_step && <p className="outcome-next">
          <strong>Next step:</strong> {result.next_step}
        </p>}
    </div>
  );
}
