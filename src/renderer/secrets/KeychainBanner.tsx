import type { SecretListing } from './secrets-slice';

type Unavailable = Extract<NonNullable<SecretListing['keychain']>, { available: false }>;

const reasons: Record<Unavailable['reason'], string> = {
  no_session_bus: 'there is no D-Bus session bus',
  keyring_locked: 'the keyring is locked',
  native_module_missing: 'the keychain module for this platform is missing',
  platform_error: 'the platform keychain reported an error',
};

/** Why secrets cannot be stored right now, and what the operator does about it. */
export function KeychainBanner({ state }: { state: Unavailable }) {
  return (
    <div className="banner banner-warning" role="alert" data-testid="keychain-banner" data-reason={state.reason}>
      <strong>The OS keychain is unavailable: {reasons[state.reason]}.</strong>
      <dl className="banner-facts">
        <dt>Reason</dt>
        <dd>
          <code>{state.reason}</code>
        </dd>
        <dt>Detail</dt>
        <dd>{state.detail}</dd>
        <dt>Next step</dt>
        <dd>{state.next_step}</dd>
      </dl>
    </div>
  );
}
