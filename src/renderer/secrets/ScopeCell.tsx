import { formatTime } from '../ui/format-time';
import { useGatehouseStore } from '../app/gatehouse-context';
import { deleteKey, type SecretListingRow, type SecretScope } from './secrets-slice';

interface ScopeCellProps {
  row: SecretListingRow;
  scope: SecretScope;
  tenant: string | null;
}

/** One scope of one name: whether it is stored there, since when, and a way to remove it. */
export function ScopeCell({ row, scope, tenant }: ScopeCellProps) {
  const presence = row[scope];
  const deleting = useGatehouseStore((s) => s.secretDeleting);
  const remove = useGatehouseStore((s) => s.deleteSecret);
  const busy = deleting === deleteKey(scope, row.name);

  if (!presence.present) {
    return (
      <td className="scope-cell" data-testid={`secret-${scope}-${row.name}`} data-present="false">
        <span className="presence presence-absent">not set</span>
      </td>
    );
  }
  return (
    <td className="scope-cell" data-testid={`secret-${scope}-${row.name}`} data-present="true">
      <div className="scope-cell-top">
        <span className="presence presence-set">stored</span>
        <button
          type="button"
          className="btn btn-small btn-danger"
          aria-label={`Delete ${row.name} from ${scope} scope`}
          aria-busy={busy}
          data-testid={`delete-${scope}-${row.name}`}
          disabled={deleting !== null}
          onClick={() => void remove({ scope, name: row.name, tenant })}
        >
          {busy ? 'Deleting…' : 'Delete'}
        </button>
      </div>
      {presence.last_changed && (
        <time className="changed" dateTime={presence.last_changed} title={`last changed ${presence.last_changed}`}>
          {formatTime(presence.last_changed)}
        </time>
      )}
    </td>
  );
}
