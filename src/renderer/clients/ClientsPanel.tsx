import { useEffect, useState } from 'react';
import type { ClientRow } from '../../shared/clients';
import { useGatehouseStore } from '../app/gatehouse-context';
import { ChangePreview } from '../ui/ChangePreview';
import { DiffView } from '../ui/DiffView';
import { ErrorBanner } from '../ui/ErrorBanner';
import { OutcomeBox } from '../ui/OutcomeBox';
import { Panel } from '../ui/Panel';
import './clients.css';

export function ClientsPanel() {
  const rows = useGatehouseStore((s) => s.clientRows);
  const error = useGatehouseStore((s) => s.clientsError);
  const busy = useGatehouseStore((s) => s.clientBusy);
  const load = useGatehouseStore((s) => s.loadClients);

  // Client files change outside Gatehouse (the clients themselves write them): each visit reads them again.
  useEffect(() => {
    void load();
  }, [load]);

  const wired = rows?.filter((r) => r.entry).length ?? 0;
  return (
    <Panel
      id="clients"
      title="Clients"
      summary={rows ? `${wired} of ${rows.length} point at Gatehouse · ${rows.filter((r) => r.detected).length} installed` : ''}
    >
      <p className="panel-intro">
        Each MCP client's own user config, as <code>gatehouse setup</code> edits it: only the <code>gatehouse</code> entry changes, shown before it is written.
      </p>
      {error && <ErrorBanner>{error}</ErrorBanner>}
      <ClientWritten />
      <ClientPreview />
      {rows === null ? (
        !error && <p className="empty">Looking for MCP clients…</p>
      ) : (
        <ul className="card-list client-list" aria-label="MCP clients">
          {rows.map((row) => (
            <ClientItem key={row.client} row={row} busy={busy} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** How the last write or removal ended. */
function ClientWritten() {
  const written = useGatehouseStore((s) => s.clientWritten);
  if (!written) return null;
  return (
    <OutcomeBox ok={written.ok} testId="client-written">
      <p>
        {written.ok
          ? written.written
            ? `${written.action === 'set' ? 'Wrote' : 'Removed'} ${written.location} in ${written.path}.${written.action === 'set' ? ` Restart ${written.label} to connect.` : ''}`
            : 'Nothing to change.'
          : written.problem?.message}
      </p>
    </OutcomeBox>
  );
}

/** The change a write would make, shown before it is written. */
function ClientPreview() {
  const preview = useGatehouseStore((s) => s.clientPreview);
  const busy = useGatehouseStore((s) => s.clientBusy);
  const change = useGatehouseStore((s) => s.clientChange);
  if (!preview) return null;
  return (
    <ChangePreview
      testId="client-preview"
      title={`${preview.view.action === 'set' ? 'Connect' : 'Disconnect'} ${preview.view.label}`}
      applyLabel={preview.view.action === 'set' ? 'Write entry' : 'Remove entry'}
      canApply={!busy && preview.view.ok && preview.view.changed}
      onCancel={change.discard}
      onApply={() => void change.apply()}
    >
      {preview.view.problem ? (
        <p className="action-message" role="alert">
          {preview.view.problem.message}
        </p>
      ) : (
        <>
          <p className="muted-note">
            <code>{preview.view.path}</code> {preview.view.exists ? '' : '(created)'} · <code>{preview.view.location}</code>
            {preview.view.points_at && ` → ${preview.view.points_at.kind}: ${preview.view.points_at.target}`}
          </p>
          <DiffView lines={preview.view.diff} label={`Change to ${preview.view.path}`} testId="client-diff" />
        </>
      )}
    </ChangePreview>
  );
}

function ClientItem({ row, busy }: { row: ClientRow; busy: boolean }) {
  const change = useGatehouseStore((s) => s.clientChange);
  const [mode, setMode] = useState<'stdio' | 'http'>('stdio');
  return (
    <li className="client-row" data-testid={`client-${row.client}`}>
      <div className="client-main">
        <span className="client-name">{row.label}</span>
        <span className={`tag ${row.detected ? 'tag-ok' : ''}`} title={row.detected_by ?? undefined}>
          {row.detected ? 'installed' : 'not found'}
        </span>
        <span className={`tag ${row.entry ? 'tag-accent' : ''}`} data-testid={`client-state-${row.client}`}>
          {row.entry ? 'points at Gatehouse' : 'not connected'}
        </span>
      </div>
      <p className="client-file mono">
        {row.path}
        {row.exists ? '' : ' (absent)'}
      </p>
      {row.entry && (
        <p className="muted-note">
          gatehouse → {row.entry.kind}: {row.entry.target}
        </p>
      )}
      {row.problem && <p className="action-message">{row.problem}</p>}
      <div className="client-actions">
        <label className="field field-inline">
          <span className="visually-hidden">Mode</span>
          <select value={mode} onChange={(e) => setMode(e.target.value === 'http' ? 'http' : 'stdio')} aria-label={`Connection mode for ${row.label}`}>
            <option value="stdio">stdio (the client starts Gatehouse)</option>
            <option value="http">http (the shared gateway)</option>
          </select>
        </label>
        <button
          type="button"
          className="btn btn-auto btn-small"
          disabled={busy}
          onClick={() => void change.preview({ client: row.client, action: 'set', mode })}
          aria-label={`Preview connecting ${row.label}`}
        >
          {row.entry ? 'Preview update' : 'Preview connect'}
        </button>
        {row.entry && (
          <button
            type="button"
            className="btn btn-auto btn-small btn-danger"
            disabled={busy}
            onClick={() => void change.preview({ client: row.client, action: 'remove' })}
            aria-label={`Preview removing Gatehouse from ${row.label}`}
          >
            Preview removal
          </button>
        )}
      </div>
    </li>
  );
}
