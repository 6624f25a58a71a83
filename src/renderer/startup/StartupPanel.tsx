import { useEffect } from 'react';
import { useGatehouseStore } from '../app/gatehouse-context';
import { DiffView } from '../ui/DiffView';
import { keyed } from '../ui/keyed';
import './startup.css';

const POLICY_TAG = { eager: 'tag-ok', lazy: 'tag-accent', skipped: 'tag-warn' } as const;

export function StartupPanel() {
  const view = useGatehouseStore((s) => s.startupView);
  const error = useGatehouseStore((s) => s.startupError);
  const loading = useGatehouseStore((s) => s.startupLoading);
  const preview = useGatehouseStore((s) => s.startupPreview);
  const applied = useGatehouseStore((s) => s.startupApplied);
  const load = useGatehouseStore((s) => s.loadStartupPolicy);
  const toggle = useGatehouseStore((s) => s.previewStartupToggle);
  const apply = useGatehouseStore((s) => s.applyStartupPreview);
  const discard = useGatehouseStore((s) => s.discardStartupPreview);
  // The files can change under the panel (the CLI, an editor): a pushed health change that touches a
  // server's startup state reads them again.
  const policyKey = useGatehouseStore((s) => s.rows.map((r) => `${r.name}:${r.startup_policy}:${r.startup_skip_reason}`).join('|'));

  useEffect(() => {
    void policyKey;
    void load();
  }, [load, policyKey]);

  return (
    <section className="panel" aria-labelledby="startup-heading" aria-busy={loading}>
      <div className="panel-head">
        <h2 id="startup-heading">Startup policy</h2>
        <span className="panel-summary">
          {view ? `${view.servers.filter((s) => s.policy === 'eager').length} start with the gateway · ${view.servers.length} servers` : ''}
        </span>
      </div>
      <p className="panel-intro">
        <strong>Eager</strong> servers start with the gateway (<code>autoStart</code>); <strong>lazy</strong> ones on first use; <strong>skipped</strong> ones
        cannot start yet. <code>disableAutoStart</code> always wins over <code>autoStart</code>.
      </p>
      {error && (
        <div className="banner banner-error" role="alert">
          Could not read the startup policy: {error}
        </div>
      )}
      {applied && (
        <div className={`outcome ${applied.ok ? 'outcome-ok' : 'outcome-error'}`} role="status" data-testid="startup-applied">
          <p>
            {applied.message}
            {applied.ok && applied.path ? ` Written to ${applied.path}.` : ''}
          </p>
        </div>
      )}
      {preview && (
        <div className="card startup-preview" data-testid="startup-preview">
          <h3 className="card-title">
            {preview.eager ? 'Start' : 'Stop starting'} {preview.name} with the gateway
          </h3>
          <p>{preview.preview.message}</p>
          {preview.preview.path && (
            <p className="muted-note">
              File: <code>{preview.preview.path}</code>
              {preview.preview.exists ? '' : ' (created)'}
            </p>
          )}
          <DiffView lines={preview.preview.diff} label={`Change to ${preview.preview.path ?? 'the config'}`} testId="startup-diff" />
          <Diagnostics items={preview.preview.diagnostics} />
          <div className="confirm-actions">
            <button type="button" className="btn btn-auto" onClick={discard}>
              Cancel
            </button>
            <button type="button" className="btn btn-auto btn-primary" disabled={!preview.preview.ok || !preview.preview.changed} onClick={() => void apply()}>
              Apply change
            </button>
          </div>
        </div>
      )}
      {view === null ? (
        !error && <p className="empty">Loading the startup policy…</p>
      ) : view.servers.length === 0 ? (
        <p className="empty">No servers configured, so nothing starts with the gateway.</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table" aria-label="Startup policy of each server">
            <thead>
              <tr>
                <th scope="col">Server</th>
                <th scope="col">Source</th>
                <th scope="col">Policy</th>
                <th scope="col">Why</th>
                <th scope="col">
                  <span className="visually-hidden">Change</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {view.servers.map((server) => (
                <tr key={server.name} data-testid={`startup-row-${server.name}`}>
                  <th scope="row" className="cell-name">
                    {server.name}
                  </th>
                  <td title={server.source_path ?? undefined}>{server.source}</td>
                  <td>
                    <span className={`tag ${POLICY_TAG[server.policy]}`} data-testid={`startup-policy-${server.name}`}>
                      {server.policy}
                    </span>
                  </td>
                  <td className="cell-why">{server.why}</td>
                  <td className="cell-action">
                    {server.togglable ? (
                      <button
                        type="button"
                        className="btn btn-auto btn-small"
                        onClick={() => void toggle(server.name, server.policy !== 'eager')}
                        aria-label={server.policy === 'eager' ? `Make ${server.name} lazy` : `Make ${server.name} eager`}
                      >
                        {server.policy === 'eager' ? 'Make lazy' : 'Make eager'}
                      </button>
                    ) : (
                      <span className="muted-note">{server.source === 'default' ? 'built-in' : '—'}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {view && <Diagnostics items={view.diagnostics} heading="Problems in the startup lists" />}
      {view && view.sources.length > 0 && (
        <p className="panel-footnote">Read from {view.sources.map((s) => `${s.source}: ${s.path}${s.exists ? '' : ' (absent)'}`).join(' · ')}</p>
      )}
    </section>
  );
}

function Diagnostics({ items, heading }: { items: { code: string; message: string; severity: string }[]; heading?: string }) {
  if (!items.length) return null;
  return (
    <div className="banner banner-warning" role="status" data-testid="startup-diagnostics">
      {heading && <strong>{heading}</strong>}
      <ul>
        {keyed(items, (d) => `${d.code}:${d.message}`).map(({ key, item }) => (
          <li key={key}>
            <span className={`tag ${item.severity === 'error' ? 'tag-danger' : 'tag-warn'}`}>{item.code.replaceAll('_', ' ')}</span> {item.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
