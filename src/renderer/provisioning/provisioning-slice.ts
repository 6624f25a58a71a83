import type { StateCreator } from 'zustand';
import type { GatehouseBridge } from '../../shared/ipc';
import type { ProvisioningSnapshot, ProvisionOutcome } from '../../shared/provisioning';
import { createGenerationGate } from '../../shared/generation-gate';
import { describeError } from '../ui/describe-error';

export interface ProvisioningSlice {
  /** Null until the first snapshot (the view shows its loading state). */
  provisioning: ProvisioningSnapshot | null;
  /** The list could not be read, or the provision call itself failed (not a refusal: that is the outcome). */
  provisioningError: string | null;
  /** gateway.provision's answer to the operator's last request. */
  provisionOutcome: ProvisionOutcome | null;
  provisionBusy: boolean;
  /** Applies a pushed or seeded snapshot unless an equal or newer generation was already shown. */
  applyProvisioning: (snapshot: ProvisioningSnapshot) => boolean;
  provisioningFailed: (error: unknown) => void;
  provision: (serverName: string) => Promise<void>;
}

type Bridge = Pick<GatehouseBridge, 'provisionServer'>;

export const createProvisioningSlice =
  <S extends ProvisioningSlice>(bridge: Bridge): StateCreator<S, [], [], ProvisioningSlice> =>
  (set, get) => {
    const gate = createGenerationGate();
    return {
      provisioning: null,
      provisioningError: null,
      provisionOutcome: null,
      provisionBusy: false,
      applyProvisioning: (snapshot) => {
        if (!gate.accept(snapshot.generation)) return false;
        set({ provisioning: snapshot, provisioningError: null } as Partial<S>);
        return true;
      },
      provisioningFailed: (error) => set({ provisioningError: describeError(error) } as Partial<S>),
      provision: async (serverName) => {
        const name = serverName.trim();
        if (!name || get().provisionBusy) return;
        set({ provisionBusy: true, provisionOutcome: null } as Partial<S>);
        try {
          const outcome = await bridge.provisionServer({ server_name: name });
          // The new job arrives with main's next push (the core pushes after every provision call).
          set({ provisionOutcome: outcome, provisionBusy: false, provisioningError: null } as Partial<S>);
        } catch (error) {
          set({ provisioningError: describeError(error), provisionBusy: false } as Partial<S>);
        }
      },
    };
  };
