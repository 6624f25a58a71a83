import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { OAuthSignInState } from '../../../src/shared/oauth-sign-in';
import { createOAuthSlice, type OAuthSlice } from '../../../src/renderer/servers/oauth-slice';

const newStore = () => createStore<OAuthSlice>()(createOAuthSlice<OAuthSlice>());
const state = (status: OAuthSignInState['status'], message: string): OAuthSignInState => ({ name: 'docs', status, authorization_url: null, message, next_step: null, scope: null });

describe('oauth slice', () => {
  it('keeps the outcome of the last action when a re-read says nothing new', () => {
    const store = newStore();
    store.getState().applySignIn(state('signed_out', "Signed out of 'docs': revoked its refresh_token."));
    store.getState().refreshSignIn(state('signed_out', 'docs signs in with OAuth through your browser.'));
    expect(store.getState().signIns.docs?.message).toBe("Signed out of 'docs': revoked its refresh_token.");
  });

  it('takes a re-read that changed the state, and any push or answer', () => {
    const store = newStore();
    store.getState().refreshSignIn(state('signed_in', 'Signed in to docs.'));
    store.getState().refreshSignIn(state('signed_out', 'docs signs in with OAuth through your browser.'));
    expect(store.getState().signIns.docs?.status).toBe('signed_out');
    store.getState().applySignIn(state('signed_out', 'The sign-in was cancelled.'));
    expect(store.getState().signIns.docs?.message).toBe('The sign-in was cancelled.');
  });
});
