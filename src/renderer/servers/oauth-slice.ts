import type { StateCreator } from 'zustand';
import type { OAuthSignInState } from '../../shared/oauth-sign-in';

export interface OAuthSlice {
  /** Each remote server's OAuth sign-in state as main last reported it (read or pushed); never a token. */
  signIns: Readonly<Record<string, OAuthSignInState>>;
  applySignIn: (state: OAuthSignInState) => void;
}

export const createOAuthSlice =
  <S extends OAuthSlice>(): StateCreator<S, [], [], OAuthSlice> =>
  (set, get) => ({
    signIns: {},
    applySignIn: (state) => set({ signIns: { ...get().signIns, [state.name]: state } } as Partial<S>),
  });
