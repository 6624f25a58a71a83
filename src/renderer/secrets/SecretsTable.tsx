import { DataTable, type Column } from '../ui/DataTable';
import type { SecretListing } from './secrets-slice';
import { SCOPES } from './scope-options';
import { ScopeCell } from './ScopeCell';

const sourceTitle = {
  env: 'The process environment sets this name; it wins over every keychain scope.',
  tenant: 'Resolved from the tenant scope.',
  project: 'Resolved from the project scope.',
  user: 'Resolved from the user scope.',
} as const;

const COLUMNS: Column[] = ['Name', 'Effective source', ...SCOPES.map((scope) => ({ label: scope, className: 'scope-head' }))];

export function SecretsTable({ listing }: { listing: SecretListing }) {
  if (listing.names.length === 0) {
    return (
      <p className="empty" data-testid="secrets-empty">
        No secrets stored yet. Set one above: its value goes to the OS keychain and is never shown again.
      </p>
    );
  }
  return (
    <DataTable label="Secrets" testId="secrets-table" columns={COLUMNS} wrapClassName="table-card" className="secrets-table">
      {listing.names.map((row) => (
        <tr key={row.name} data-testid={`secret-row-${row.name}`}>
          <th scope="row" className="secret-name mono">
            {row.name}
          </th>
          <td data-testid={`secret-effective-${row.name}`}>
            {row.effective ? (
              <span className={`source source-${row.effective}`} title={sourceTitle[row.effective]}>
                {row.effective}
              </span>
            ) : (
              <span className="presence presence-absent">none</span>
            )}
          </td>
          {SCOPES.map((scope) => (
            <ScopeCell key={scope} row={row} scope={scope} tenant={listing.tenant} />
          ))}
        </tr>
      ))}
    </DataTable>
  );
}
