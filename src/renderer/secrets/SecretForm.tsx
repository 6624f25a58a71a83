import { useRef, useState, type FormEvent } from 'react';
import { useBridge, useGatehouseStore } from '../app/gatehouse-context';
import type { SecretListing, SecretScope } from './secrets-slice';
import { Field } from '../ui/Field';
import { ScopeSelect } from './ScopeSelect';
import { nameProblem, scopeAvailable, scopeHint } from './scope-options';
import { sendSecretOnce } from './send-secret';
import { ExactInput } from '../ui/ExactInput';

export function SecretForm({ listing }: { listing: SecretListing | null }) {
  const [chosenScope, setScope] = useState<SecretScope>('user');
  const [name, setName] = useState('');
  // Only whether the field is empty: the value itself stays in the uncontrolled input until sent.
  const [hasValue, setHasValue] = useState(false);
  const [saving, setSaving] = useState(false);
  const valueField = useRef<HTMLInputElement>(null);
  const bridge = useBridge();
  const recordOutcome = useGatehouseStore((s) => s.recordSecretOutcome);
  const refresh = useGatehouseStore((s) => s.refreshSecrets);

  // A listing can arrive saying the project is gone; fall back rather than send a doomed scope.
  const scope = scopeAvailable(chosenScope, listing) ? chosenScope : 'user';
  const problem = nameProblem(name);
  const canSave = !saving && name !== '' && problem === null && hasValue;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = valueField.current;
    if (!field || !canSave) return;
    setSaving(true);
    setHasValue(false);
    const result = await sendSecretOnce(bridge, field, { scope, name, tenant: listing?.tenant ?? null });
    setSaving(false);
    if (result) recordOutcome({ action: 'set', name, scope, result });
    await refresh();
  };

  return (
    <form className="card secret-form" aria-label="Set a secret" data-testid="secret-form" onSubmit={(e) => void submit(e)}>
      <h3 className="card-title">Set a secret</h3>
      <div className="form-row">
        <Field label="Scope" className="field field-scope">
          <ScopeSelect label="Secret scope" testId="secret-scope" value={scope} listing={listing} onChange={setScope} />
        </Field>
        <Field label="Name" className="field field-name">
          <ExactInput
            type="text"
            aria-label="Secret name"
            aria-invalid={problem !== null}
            data-testid="secret-name"
            placeholder="MY_SERVICE_TOKEN"
            maxLength={256}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
        </Field>
        <Field label="Value" className="field field-value">
          <ExactInput
            ref={valueField}
            type="password"
            aria-label="Secret value"
            data-testid="secret-value"
            placeholder="write-only"
            maxLength={2560}
            onInput={(e) => setHasValue(e.currentTarget.value !== '')}
          />
        </Field>
        <button type="submit" className="btn btn-primary btn-wide" aria-label="Save secret" aria-busy={saving} data-testid="secret-save" disabled={!canSave}>
          {saving ? 'Saving…' : 'Save secret'}
        </button>
      </div>
      <p className={problem ? 'field-help field-help-error' : 'field-help'} data-testid="secret-form-help">
        {problem ? `Name: ${problem}.` : `${scopeHint(scope, listing)} The value goes to the OS keychain and is never shown again.`}
      </p>
    </form>
  );
}
