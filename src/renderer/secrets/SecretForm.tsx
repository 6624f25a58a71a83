import { useRef, useState, type FormEvent } from 'react';
import { useBridge, useGatehouseStore } from '../app/gatehouse-context';
import type { SecretListing, SecretScope } from './secrets-slice';
import { SCOPES, nameProblem, scopeAvailable, scopeHint, scopeLabel } from './scope-options';
import { sendSecretOnce } from './send-secret';

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
        <label className="field field-scope">
          <span className="field-label">Scope</span>
          <select
            aria-label="Secret scope"
            data-testid="secret-scope"
            value={scope}
            onChange={(e) => {
              const picked = e.currentTarget.value;
              const next = SCOPES.find((option) => option === picked);
              if (next) setScope(next);
            }}
          >
            {SCOPES.map((option) => (
              <option key={option} value={option} disabled={!scopeAvailable(option, listing)}>
                {scopeLabel(option, listing)}
              </option>
            ))}
          </select>
        </label>
        <label className="field field-name">
          <span className="field-label">Name</span>
          <input
            type="text"
            aria-label="Secret name"
            aria-invalid={problem !== null}
            data-testid="secret-name"
            placeholder="MY_SERVICE_TOKEN"
            autoComplete="off"
            spellCheck={false}
            maxLength={256}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
        </label>
        <label className="field field-value">
          <span className="field-label">Value</span>
          <input
            ref={valueField}
            type="password"
            aria-label="Secret value"
            data-testid="secret-value"
            placeholder="write-only"
            autoComplete="off"
            spellCheck={false}
            maxLength={2560}
            onInput={(e) => setHasValue(e.currentTarget.value !== '')}
          />
        </label>
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
