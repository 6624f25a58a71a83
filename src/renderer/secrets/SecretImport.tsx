import { useState, type FormEvent } from 'react';
import type { SecretImportPreview, SecretImportResult } from '../../shared/secret-import';
import { useBridge, useGatehouseStore } from '../app/gatehouse-context';
import { useBusy } from '../ui/use-busy';
import { Field } from '../ui/Field';
import { OutcomeBox } from '../ui/OutcomeBox';
import { ScopeSelect } from './ScopeSelect';
import type { SecretListing, SecretScope } from './secrets-slice';
import { scopeAvailable } from './scope-options';
import { ExactInput } from '../ui/ExactInput';

const ACTION_TEXT = {
  add: 'add',
  replace: 'replace the stored value',
  keep_same: 'keep (already stored, same value)',
  keep_different: 'keep (a different value is stored; tick "replace" to overwrite)',
} as const;

/**
 * Import from a dotenv file: the path goes to main, main reads the file and answers with names and what
 * would happen to each. Values never come to the panel, before or after the import.
 */
export function SecretImport({ listing }: { listing: SecretListing | null }) {
  const bridge = useBridge();
  const refresh = useGatehouseStore((s) => s.refreshSecrets);
  const [path, setPath] = useState('');
  const [chosenScope, setScope] = useState<SecretScope>('user');
  const [overwrite, setOverwrite] = useState(false);
  const [preview, setPreview] = useState<SecretImportPreview | null>(null);
  const [result, setResult] = useState<SecretImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, run: attempt } = useBusy(setError);
  const scope = scopeAvailable(chosenScope, listing) ? chosenScope : 'user';
  const input = { path: path.trim(), scope, tenant: listing?.tenant ?? null, overwrite };

  const run = (step: () => Promise<void>) =>
    attempt(async () => {
      setError(null);
      await step();
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setResult(null);
      setPreview(await bridge.previewSecretImport(input));
    });
  };
  const apply = () =>
    void run(async () => {
      if (!preview?.digest) return;
      const outcome = await bridge.applySecretImport({ ...input, digest: preview.digest });
      setResult(outcome);
      if (outcome.ok) setPreview(null);
      await refresh();
    });

  return (
    <form className="card secret-import" aria-label="Import from an env file" data-testid="secret-import" onSubmit={submit}>
      <h3 className="card-title">Import from an env file</h3>
      <div className="form-row">
        <Field label="File (absolute path)" className="field field-grow">
          <ExactInput
            value={path}
            onChange={(e) => {
              setPath(e.target.value);
              setPreview(null);
            }}
            placeholder="/home/me/project/.env"
            required
          />
        </Field>
        <Field label="Into">
          <ScopeSelect
            value={scope}
            listing={listing}
            onChange={(next) => {
              setScope(next);
              setPreview(null);
            }}
          />
        </Field>
        <label className="check import-overwrite">
          <input
            type="checkbox"
            checked={overwrite}
            onChange={(e) => {
              setOverwrite(e.target.checked);
              setPreview(null);
            }}
          />{' '}
          replace stored values
        </label>
        <button type="submit" className="btn btn-auto" disabled={busy || !path.trim()}>
          Preview import
        </button>
      </div>
      {error && (
        <p className="action-message" role="alert">
          {error}
        </p>
      )}
      {preview && (
        <div className="import-preview" data-testid="import-preview">
          <p className={preview.ok ? '' : 'action-message'}>{preview.message}</p>
          {preview.items.length > 0 && (
            <ul className="import-items">
              {preview.items.map((item) => (
                <li key={item.name}>
                  <code>{item.name}</code> — {ACTION_TEXT[item.action]}
                  {item.line !== null && <span className="muted-note"> (line {item.line})</span>}
                </li>
              ))}
            </ul>
          )}
          {preview.notes.map((note) => (
            <p key={`${note.line}:${note.message}`} className="muted-note">
              {note.line === null ? 'note' : `line ${note.line}`}: {note.message}
            </p>
          ))}
          {preview.ok && preview.items.some((i) => i.action === 'add' || i.action === 'replace') && (
            <button type="button" className="btn btn-auto btn-primary" disabled={busy} onClick={apply}>
              Import {preview.items.filter((i) => i.action === 'add' || i.action === 'replace').length} value(s)
            </button>
          )}
        </div>
      )}
      {result && (
        <OutcomeBox ok={result.ok} testId="import-result">
          <p>{result.message}</p>
          {result.failed.map((f) => (
            <p key={f.name}>
              {f.name}: {f.message}
            </p>
          ))}
        </OutcomeBox>
      )}
    </form>
  );
}
