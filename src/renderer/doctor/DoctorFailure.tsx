import { keyed } from '../ui/keyed';
import type { DoctorFailure as Failure } from './doctor-slice';

/** Doctor could not produce findings at all (a FailureDocument): its errors are the whole answer. */
export function DoctorFailure({ failure }: { failure: Failure }) {
  return (
    <div className="banner banner-error" role="alert" data-testid="doctor-failure" data-status={failure.status}>
      <strong>
        Doctor {failure.status === 'unavailable' ? 'is unavailable' : 'failed'}
        {failure.root ? ` for ${failure.root}` : ''}.
      </strong>
      <ul>
        {keyed(failure.errors, (error) => `${error.code}:${error.message}`).map(({ key, item: error }) => (
          <li key={key}>
            <code>{error.code}</code> — {error.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
