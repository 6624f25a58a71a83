import { useState } from 'react';
import type { OAuthSignInState } from '../../shared/oauth-sign-in';
import { useSignInAction } from './use-oauth-sign-in';

/**
 * A remote server's OAuth sign-in in its row detail: Sign in opens the system browser (main does, http(s)
 * only); while it waits, the URL is shown to copy in case no browser opened, with a Cancel; a signed-in
 * server offers Sign out. Main keeps the tokens; this only ever sees the state.
 */
export function OAuthSignIn({ state }: { state: OAuthSignInState }) {
  const { name, status } = state;
  const { busy, failure, run } = useSignInAction(name);
  if (status === 'not_applicable') return null;
  const failed = status === 'failed' || status === 'unavailable';
  return (
    <section className="oauth-sign-in" aria-label={`OAuth sign-in of ${name}`} data-testid={`oauth-${name}`} data-status={status}>
      <h3 className="detail-heading">OAuth sign-in</h3>
      <div className={failed ? 'outcome outcome-error' : status === 'signed_in' ? 'outcome outcome-ok' : 'oauth-note'} role={failed ? 'alert' : 'status'} data-testid={`oauth-message-${name}`}>
        <p>{status === 'waiting' ? 'Waiting for the browser…' : state.message}</p>
        {status === 'waiting' && <p className="oauth-detail">{state.message}</p>}
        {state.next_step && status !== 'waiting' && <p className="outcome-next">Next: {state.next_step}</p>}
      </div>
      {status === 'waiting' && state.authorization_url && <SignInUrl name={name} url={state.authorization_url} />}
      {failure && (
        <p className="action-message" role="alert">
          {failure}
        </p>
      )}
      <div className="detail-actions">
        {(status === 'signed_out' || status === 'failed') && (
          <button type="button" className="btn btn-auto btn-primary" disabled={busy !== null} onClick={() => void run('signIn')}>
            {busy === 'signIn' ? 'Opening the browser…' : status === 'failed' ? 'Sign in again' : 'Sign in'}
          </button>
        )}
        {status === 'waiting' && (
          <button type="button" className="btn btn-auto" disabled={busy !== null} onClick={() => void run('cancel')}>
            {busy === 'cancel' ? 'Cancelling…' : 'Cancel sign-in'}
          </button>
        )}
        {status === 'signed_in' && (
          <button type="button" className="btn btn-auto" disabled={busy !== null} onClick={() => void run('signOut')}>
            {busy === 'signOut' ? 'Signing out…' : 'Sign out'}
          </button>
        )}
      </div>
    </section>
  );
}

/** The authorization URL, selectable and copyable, for when no browser opened (or another one should). */
function SignInUrl({ name, url }: { name: string; url: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(url).then(
      () => setCopied('Copied.'),
      () => setCopied('Copying was refused here: select the address and copy it.'),
    );
  };
  return (
    <div className="auth-fields oauth-url">
      <label className="field field-grow">
        <span className="field-label">Sign-in address</span>
        <input className="mono" readOnly value={url} onFocus={(event) => event.currentTarget.select()} data-testid={`oauth-url-${name}`} spellCheck={false} />
      </label>
      <button type="button" className="btn btn-auto" onClick={copy} aria-label={`Copy the sign-in address of ${name}`}>
        Copy
      </button>
      {copied && (
        <span className="muted-note" role="status">
          {copied}
        </span>
      )}
    </div>
  );
}
