import type { SecretListing, SecretScope } from './secrets-slice';
import { SCOPES, scopeAvailable, scopeLabel } from './scope-options';

/** The keychain scope to write to; a scope the listing cannot take is shown, disabled, with the reason. */
export function ScopeSelect({
  value,
  listing,
  onChange,
  label,
  testId,
}: {
  value: SecretScope;
  listing: SecretListing | null;
  onChange: (scope: SecretScope) => void;
  label?: string;
  testId?: string;
}) {
  return (
    <select
      aria-label={label}
      data-testid={testId}
      value={value}
      onChange={(e) => {
        const picked = e.currentTarget.value;
        const next = SCOPES.find((option) => option === picked);
        if (next) onChange(next);
      }}
    >
      {SCOPES.map((option) => (
        <option key={option} value={option} disabled={!scopeAvailable(option, listing)}>
          {scopeLabel(option, listing)}
        </option>
      ))}
    </select>
  );
}
