import type { GatehouseBridge, Unsubscribe } from '../../shared/ipc';
import type { TrustSlice } from './trust-slice';

type TrustSyncTarget = Pick<TrustSlice, 'setTrustReport'>;

/**
 * Seeds the project-trust report once and then follows main's pushes, subscribing first so no push
 * falls into the gap. A report carries no generation: a push wins over a seed that answers after it.
 */
export function startTrustSync(bridge: GatehouseBridge, target: () => TrustSyncTarget, onError: (error: unknown) => void): Unsubscribe {
  let pushed = false;
  const off = bridge.on.projectTrustChanged((report) => {
    pushed = true;
    target().setTrustReport(report);
  });
  bridge.listProjectTrust({}).then((report) => {
    if (!pushed) target().setTrustReport(report);
  }, onError);
  return off;
}
