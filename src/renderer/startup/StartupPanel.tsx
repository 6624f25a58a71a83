import { useEffect } from 'react';
import type { StartupPolicyServer } from '../../shared/startup-policy';
import { useGatehouseStore } from '../app/gatehouse-context';
import { ChangePreview } from '../ui/ChangePreview';
import { DataTable } from '../ui/DataTable';
import { DiffView } from '../ui/DiffView';
import { ErrorBanner } from '../ui/ErrorBanner';
import { keyed } from '../ui/keyed';
import { OutcomeBox } from '../ui/OutcomeBox';
import { Panel } from '../ui/Panel';
import './startup.css';

const POLICY_TAG = { eager: 'tag-ok', lazy: 'tag-accent', skipped: 'tag-warn' } as const;

export function StartupPanel() {
  const view = useGatehouseStore((s) => s.startupView);
  const error = useGatehouseStore((s) => s.startupError);
  const loading = useGatehouseStore((s) => s.startupLoading);
  const load = useGatehouseStore((s) => s.loadStartupPolicy);
  // The files can change under the panel (the CLI, an editor): a pushed health change that touches a
  // server's startup state reads them again.
  const policyKey = useGatehouseStore((s) => s.rows.map((r) => `${r.name}:${r.startup_policy}:${r.startup_skip_reason}`).join('|'));

  useEffect(() => {
    void policyKey;
    void load();
  }, [load, policyKey]);

  return (
    <Panel
      id="startup"
      title="Startup policy"
      busy={loading}
      summary={view ? `${view.servers.filter((s) => s.policy === 'eager').length} start with the gateway · ${view.servers.length} servers` : ''}
    >
      <p className="panel-intro">
        <strong>Eager</strong> servers start with the gateway (<code>autoStart</code>); <strong>lazy</strong> ones on first use; <strong>skipped</strong> ones
        cannot start yet. <code>disableAutoStart</code> always wins over <code>autoStart</code>.
      </p>
      {error && <ErrorBanner>Could not read the startup policy: {error}</ErrorBanner>}
      <StartupChange />
      {view === null ? (
        !error && <p className="empty">Loading the startup policy…</p>
      ) : view.servers.length === 0 ? (
        <p className="empty">No servers configured, so nothing starts with the gateway.</p>
      ) : (
        <DataTable label="Startup policy of each server" columns={['Server', 'Source', 'Policy', 'Why', { label: 'Change', hidden: true }]}>
          {view.servers.map((server) => (
            <PolicyRow key={server.name} server={server} />
          ))}
        </DataTable>
      )}
      {view && <Diagnostics items={view.diagnostics} heading="Problems in the startup lists" />}
      {view && view.sources.length > 0 && (
        <p className="panel-footnote">Read from {view.sources.map((s) => `${s.source}: ${s.path}${s.exists ? '' : ' (absent)'}`).join(' · ')}</p>
      )}
    </Panel>
  );
}

/** How the last applied change ended, and the change being previewed with its exact file edit. */
function StartupChange() {
  const applied = useGatehouseStore((s) => s.startupApplied);
  const preview = useGatehouseStore((s) => s.startupPreview);
  const change = useGatehouseStore((s) => s.startupChange);
  return (
    <>
      {applied && (
        <OutcomeBox ok={applied.ok} testId="startup-applied">
          <p>
            {applied.message}
            {applied.ok && applied.path ? ` Written to ${applied.path}.` : ''}
          </p>
        </OutcomeBox>
      )}
      {preview && (
        <ChangePreview
          className="card startup-preview"
          testId="startup-preview"
          title={`${preview.request.eager ? 'Start' : 'Stop starting'} ${preview.request.name} with the gateway`}
          applyLabel="Apply change"
          canApply={preview.view.ok && preview.view.changed}
          onCancel={change.discard}
          onApply={() => void change.apply()}
        >
          <p>{preview.view.message}</p>
          {preview.view.path && (
            <p className="muted-note">
              File: <code>{preview.view.path}</code>
              {preview.view.exists ? '' : ' (created)'}
            </p>
          )}
          <DiffView lines={preview.view.diff} label={`Change to ${preview.view.path ?? 'the config'}`} testId="startup-diff" />
          <Diagnostics items={preview.view.diagnostics} />
        </ChangePreview>
      )}
    </>
  );
}

/** One server's policy, where it comes from and why, and the toggle when its file can be edited. */
function PolicyRow({ server }: { server: StartupPolicyServer }) {
  const change = useGatehouseStore((s) => s.startupChange);
  return (
    <tr data-testid={`startup-row-${server.name}`}>
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
            onClick={() => void change.preview({ name: server.name, eager: server.policy !== 'eager' })}
            aria-label={server.policy === 'eager' ? `Make ${server.name} lazy` : `Make ${server.name} eager`}
          >
            {server.policy === 'eager' ? 'Make lazy' : 'Make eager'}
          </button>
        ) : (
          <span className="muted-note">{server.source === 'default' ? 'built-in' : '—'}</span>
        )}
      </td>
    </tr>
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
