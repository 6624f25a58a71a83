import { useState, type FormEvent } from 'react';
import type { HealthRow } from '../../shared/domain';
import { useBridge } from '../app/gatehouse-context';
import { describeError } from '../ui/describe-error';

/**
 * Stores a credential the server references and retries it. Write-only: the field is cleared as soon
 * as the value is sent, and nothing the core answers carries it back.
 */
export function AuthConnectForm({ row }: { row: HealthRow }) {
  const bridge = useBridge();
  const names = row.missing_env_vars;
  const [name, setName] = useState(names[0] ?? '');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const credential = value;
    setValue('');
    setBusy(true);
    try {
      const result = await bridge.authConnect({ name: row.name, env_var: name, credential });
      setAnswer({ ok: result.ok, text: result.next_step && !result.ok ? `${result.message} Next: ${result.next_step}` : result.message });
    } catch (error) {
      setAnswer({ ok: false, text: describeError(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-connect" onSubmit={(event) => void submit(event)} aria-label={`Connect ${row.name} with a credential`}>
      <h3 className="detail-heading">Credential</h3>
      <p className="muted-note">
        {names.length ? `${row.name} needs ${names.map((n) => `\${${n}}`).join(', ')}.` : `${row.name} refused its credential.`} It is stored in the OS keychain
        (user scope) and never shown again.
      </p>
      <div className="auth-fields">
        <label className="field">
          <span className="field-label">Variable</span>
          <input value={name} onChange={(e) => setName(e.target.value)} spellCheck={false} autoComplete="off" required pattern="[A-Za-z_][A-Za-z0-9_]*" />
        </label>
        <label className="field field-grow">
          <span className="field-label">Value</span>
          <input type="password" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" required />
        </label>
        <button type="submit" className="btn btn-auto btn-primary" disabled={busy || !value || !name}>
          {busy ? 'Storing…' : 'Store and connect'}
        </button>
      </div>
      {answer && (
        <p className={answer.ok ? 'outcome outcome-ok' : 'action-message'} role="status">
          {answer.text}
        </p>
      )}
    </form>
  );
}
