import type { StateCreator } from 'zustand';
import type { OAuthSignInState } from '../../shared/oauth-sign-in';

export interface OAuthSlice {
  /** Each remote server's OAuth sign-in state as main last reported it (read or pushed); never a token. */
  signIns: Readonly<Record<string, OAuthSignInState>>;
  applySignIn: (state: OAuthSignInState) => void;
  /**
   * A state read again (the row appeared, its server's status changed): kept only if it says something
   * new, so the outcome of the operator's last action (why a sign-in failed, what sign-out revoked) stays.
   */
  refreshSignIn: (state: OAuthSignInState) => void;
}

export const createOAuthSlice =
  <S extends OAuthSlice>(): StateCreator<S, [], [], OAuthSlice> =>
  (set, get) => ({
    signIns: {},
    applySignIn: (state) => set({ signIns: { ...get().signIns, [state.name]: state } } as Partial<S>),
    refreshSignIn: (state) => {
      const shown = get().signIns[state.name];
      if (shown?.status === state.status && shown.authorization_url === state.authorization_url) return;
      set({ signIns: { ...get().signIns, [state.name]: state } } as Partial<S>);
    },
  });
