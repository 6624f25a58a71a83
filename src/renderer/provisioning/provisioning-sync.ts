import type { GatehouseBridge, Unsubscribe } from '../../shared/ipc';
import type { ProvisioningSlice } from './provisioning-slice';

/** Follows main's provisioning pushes after one seed; subscribed first so no push falls into the gap. */
export function startProvisioningSync(bridge: GatehouseBridge, target: () => Pick<ProvisioningSlice, 'applyProvisioning' | 'provisioningFailed'>): Unsubscribe {
  const off = bridge.on.provisioningChanged((snapshot) => target().applyProvisioning(snapshot));
  bridge.listProvisioning({}).then(
    (snapshot) => target().applyProvisioning(snapshot),
    (error: unknown) => target().provisioningFailed(error),
  );
  return off;
}
