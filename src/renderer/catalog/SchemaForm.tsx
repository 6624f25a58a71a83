import { useMemo, useState, type FormEvent } from 'react';
import { initialValues, schemaFields, toArguments, type FieldValues } from './schema-fields';

/** The tool's input schema as a form; submitting hands the arguments object to `onSubmit`. */
export function SchemaForm({
  toolId,
  schema,
  busy,
  onSubmit,
}: {
  toolId: string;
  schema: Record<string, unknown> | null;
  busy: boolean;
  onSubmit: (args: Record<string, unknown>) => void;
}) {
  const fields = useMemo(() => schemaFields(schema), [schema]);
  const [values, setValues] = useState<FieldValues>(() => initialValues(fields));
  const [problem, setProblem] = useState<string | null>(null);
  const set = (name: string, value: string | boolean) => setValues((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const built = toArguments(fields, values);
    if (!built.ok) {
      setProblem(built.problem);
      return;
    }
    setProblem(null);
    onSubmit(built.args);
  };

  return (
    <form className="schema-form" onSubmit={submit} aria-label={`Arguments for ${toolId}`}>
      {fields.length === 0 && <p className="muted-note">This tool takes no arguments.</p>}
      {fields.map((field) => {
        const id = `arg-${field.name}`;
        const label = (
          <span className="field-label">
            {field.name}
            {field.required && <span aria-hidden="true"> *</span>}
            <span className="field-type"> {field.kind}</span>
          </span>
        );
        const value = values[field.name];
        return (
          <div className="field" key={field.name}>
            {field.kind === 'boolean' ? (
              <label className="check">
                <input type="checkbox" checked={value === true} onChange={(e) => set(field.name, e.target.checked)} /> {label}
              </label>
            ) : (
              <>
                <label htmlFor={id}>{label}</label>
                {field.kind === 'enum' ? (
                  <select id={id} value={String(value ?? '')} required={field.required} onChange={(e) => set(field.name, e.target.value)}>
                    {!field.required && <option value="">(none)</option>}
                    {field.options.map((option) => (
                      <option key={option}>{option}</option>
                    ))}
                  </select>
                ) : field.kind === 'json' ? (
                  <textarea
                    id={id}
                    value={String(value ?? '')}
                    required={field.required}
                    spellCheck={false}
                    onChange={(e) => set(field.name, e.target.value)}
                  />
                ) : (
                  <input
                    id={id}
                    type={field.kind === 'string' ? 'text' : 'number'}
                    step={field.kind === 'integer' ? 1 : 'any'}
                    value={String(value ?? '')}
                    required={field.required}
                    onChange={(e) => set(field.name, e.target.value)}
                  />
                )}
              </>
            )}
            {field.description && <span className="field-help">{field.description}</span>}
          </div>
        );
      })}
      {problem && (
        <p className="action-message" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-auto btn-primary" disabled={busy}>
        {busy ? 'Invoking…' : 'Invoke'}
      </button>
    </form>
  );
}
