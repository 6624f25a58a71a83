import { useEffect, useState } from 'react';
import type { HealthRow } from '../../shared/domain';
import type { OAuthSignInState } from '../../shared/oauth-sign-in';
import { useBridge, useGatehouseStore } from '../app/gatehouse-context';
import { describeError } from '../ui/describe-error';

export type SignInAction = 'signIn' | 'cancel' | 'signOut';

/**
 * A remote row's OAuth sign-in: read once when the row appears and again whenever its status changes
 * (an expired sign-in turns a server auth_required), then followed through main's oauthChanged pushes.
 * A stdio row never asks.
 */
export function useOAuthState(row: HealthRow): OAuthSignInState | undefined {
  const bridge = useBridge();
  const refresh = useGatehouseStore((s) => s.refreshSignIn);
  const remote = row.transport !== 'stdio';
  // biome-ignore lint/correctness/useExhaustiveDependencies: row.status is the trigger, not an input: a status change (an expired sign-in turns a server auth_required) is when to read again.
  useEffect(() => {
    if (!remote) return;
    let live = true;
    bridge.oauthState({ name: row.name }).then(
      (state) => live && refresh(state),
      () => undefined, // the detail's own actions report failures; a row without the state shows none
    );
    return () => {
      live = false;
    };
  }, [bridge, refresh, remote, row.name, row.status]);
  return useGatehouseStore((s) => (remote ? s.signIns[row.name] : undefined));
}

/** Runs one sign-in action at a time; the state itself arrives through the store. */
export function useSignInAction(name: string) {
  const bridge = useBridge();
  const apply = useGatehouseStore((s) => s.applySignIn);
  const [busy, setBusy] = useState<SignInAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (action: SignInAction) => {
    setBusy(action);
    setFailure(null);
    try {
      const input = { name };
      apply(await (action === 'signIn' ? bridge.oauthSignIn(input) : action === 'cancel' ? bridge.oauthCancelSignIn(input) : bridge.oauthSignOut(input)));
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setBusy(null);
    }
  };
  return { busy, failure, run };
}
