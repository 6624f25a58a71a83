import type { StateCreator } from 'zustand';
import type { ChannelInput, ChannelOutput, GatehouseBridge } from '../../shared/ipc';
import { describeError } from '../ui/describe-error';

export type SecretListing = ChannelOutput<'listSecrets'>;
export type SecretListingRow = SecretListing['names'][number];
export type SecretWriteResult = ChannelOutput<'setSecret'>;
export type SecretScope = ChannelInput<'setSecret'>['scope'];
export type SecretRef = ChannelInput<'deleteSecret'>;

/**
 * The core's answer to the last set or delete. Deliberately no input here: a set's input holds the value,
 * and rule 3 keeps every secret value out of renderer state.
 */
export interface SecretOutcome {
  action: 'set' | 'delete';
  name: string;
  scope: SecretScope;
  result: SecretWriteResult;
}

export interface SecretsSlice {
  secretListing: SecretListing | null;
  secretsLoading: boolean;
  secretsError: string | null;
  secretOutcome: SecretOutcome | null;
  /** `${scope}:${name}` of the delete in flight, so only that row's button shows it. */
  secretDeleting: string | null;
  refreshSecrets: () => Promise<void>;
  recordSecretOutcome: (outcome: SecretOutcome | null) => void;
  deleteSecret: (ref: SecretRef) => Promise<void>;
}

export const deleteKey = (scope: SecretScope, name: string): string => `${scope}:${name}`;

/** The bridge is passed in (only the channels it calls), so the slice can be built alone with a fake. */
export const createSecretsSlice =
  <S extends SecretsSlice>(bridge: Pick<GatehouseBridge, 'listSecrets' | 'deleteSecret'>): StateCreator<S, [], [], SecretsSlice> =>
  (set, get) => {
    // Listings are not pushed (the contract has no secrets event), so a set and a delete can each
    // trigger one; only the newest request may land, or a slow early answer would undo a later one.
    let latest = 0;

    return {
      secretListing: null,
      secretsLoading: false,
      secretsError: null,
      secretOutcome: null,
      secretDeleting: null,
      refreshSecrets: async () => {
        const request = ++latest;
        set({ secretsLoading: true } as Partial<S>);
        try {
          const listing = await bridge.listSecrets({});
          if (request === latest) set({ secretListing: listing, secretsError: null, secretsLoading: false } as Partial<S>);
        } catch (error) {
          if (request === latest) set({ secretsError: describeError(error), secretsLoading: false } as Partial<S>);
        }
      },
      recordSecretOutcome: (outcome) => set({ secretOutcome: outcome } as Partial<S>),
      deleteSecret: async (ref) => {
        if (get().secretDeleting !== null) return;
        set({ secretDeleting: deleteKey(ref.scope, ref.name) } as Partial<S>);
        try {
          const result = await bridge.deleteSecret(ref);
          get().recordSecretOutcome({ action: 'delete', name: ref.name, scope: ref.scope, result });
        } catch (error) {
          get().recordSecretOutcome({ action: 'delete', name: ref.name, scope: ref.scope, result: thrown(error) });
        } finally {
          set({ secretDeleting: null } as Partial<S>);
        }
        await get().refreshSecrets();
      },
    };
  };

/** A rejected call (bridge down, contract refusal) shown in the same place as the core's own refusals. */
export function thrown(error: unknown): SecretWriteResult {
  return { ok: false, code: 'bridge_error', message: describeError(error), next_step: null, last_changed: null };
}
