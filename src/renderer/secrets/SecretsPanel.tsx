import { useEffect } from 'react';
import { useGatehouseStore } from '../app/gatehouse-context';
import { ErrorBanner } from '../ui/ErrorBanner';
import { Panel } from '../ui/Panel';
import type { SecretListing } from './secrets-slice';
import { KeychainBanner } from './KeychainBanner';
import { SecretForm } from './SecretForm';
import { SecretImport } from './SecretImport';
import { SecretOutcome } from './SecretOutcome';
import { SecretsTable } from './SecretsTable';
import './secrets.css';

export function SecretsPanel() {
  const listing = useGatehouseStore((s) => s.secretListing);
  const error = useGatehouseStore((s) => s.secretsError);
  const loading = useGatehouseStore((s) => s.secretsLoading);
  useFreshListing();

  return (
    <Panel id="secrets" title="Secrets" busy={loading} summary={summary(listing)} summaryTestId="secrets-summary">
      {error && <ErrorBanner testId="secrets-error">Could not list secrets: {error}</ErrorBanner>}
      {listing?.keychain?.available === false && <KeychainBanner state={listing.keychain} />}
      <SecretForm listing={listing} />
      <SecretImport listing={listing} />
      <SecretOutcome />
      {listing === null ? (
        !error && <p className="empty">Loading secrets…</p>
      ) : (
        <>
          <SecretsTable listing={listing} />
          <p className="panel-footnote">
            Names and change times are kept in <code>{listing.index_path}</code>; values live only in the OS keychain.
          </p>
        </>
      )}
    </Panel>
  );
}

/**
 * No event pushes secret changes (the CLI can change them too), so each visit lists afresh and an
 * answer from an earlier visit is not shown as if it were news.
 */
function useFreshListing() {
  const refresh = useGatehouseStore((s) => s.refreshSecrets);
  const recordOutcome = useGatehouseStore((s) => s.recordSecretOutcome);
  useEffect(() => {
    recordOutcome(null);
    void refresh();
  }, [recordOutcome, refresh]);
}

function summary(listing: SecretListing | null): string {
  if (!listing) return '';
  const count = `${listing.names.length} ${listing.names.length === 1 ? 'name' : 'names'}`;
  const keychain = listing.keychain;
  if (keychain === null) return `${count} · keychain not checked`;
  return `${count} · keychain ${keychain.available ? keychain.backend : 'unavailable'}`;
}
