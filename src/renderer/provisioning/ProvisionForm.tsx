import { type FormEvent, useState } from 'react';
import { useGatehouseStore } from '../app/gatehouse-context';
import { Field } from '../ui/Field';
import { OutcomeBox } from '../ui/OutcomeBox';
import { ExactInput } from '../ui/ExactInput';

/** Starts gateway.provision for a name and shows its answer: job started, needs approval, missing credential… */
export function ProvisionForm() {
  const busy = useGatehouseStore((s) => s.provisionBusy);
  const provision = useGatehouseStore((s) => s.provision);
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void provision(name);
  };
  return (
    <form className="card provision-form" onSubmit={submit} aria-label="Provision a server">
      <h3 className="card-title">Provision a server</h3>
      <div className="provision-row">
        <Field label="Server name (from the manifest or an approved registry entry)">
          <ExactInput value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. github" />
        </Field>
        <button type="submit" className="btn btn-primary btn-auto" disabled={busy || !name.trim()}>
          {busy ? 'Provisioning…' : 'Provision'}
        </button>
      </div>
      <ProvisionAnswer />
    </form>
  );
}

function ProvisionAnswer() {
  const outcome = useGatehouseStore((s) => s.provisionOutcome);
  if (!outcome) return null;
  return (
    <OutcomeBox ok={outcome.ok} testId="provision-outcome" role={outcome.ok ? 'status' : 'alert'}>
      <p className="provision-outcome-line">
        <span className="tag" data-testid="provision-status">
          {outcome.status}
        </span>{' '}
        {outcome.message}
        {outcome.error_code && <span className="outcome-code"> {outcome.error_code}</span>}
      </p>
      {outcome.env_var && (
        <>
          <p className="provision-outcome-line">
            In the panel: store <code>{outcome.env_var}</code> under Secrets, then provision again.
          </p>
          {outcome.env_instructions && <p className="provision-outcome-line">Where to get it: {outcome.env_instructions}</p>}
        </>
      )}
      {outcome.next_step && !outcome.env_var && (
        <p className="provision-outcome-line">
          Next step: <code>{outcome.next_step}</code>
        </p>
      )}
      {outcome.new_tools.length > 0 && <p className="provision-outcome-line">Tools: {outcome.new_tools.join(', ')}</p>}
    </OutcomeBox>
  );
}
