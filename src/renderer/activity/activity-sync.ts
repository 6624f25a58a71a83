import type { GatehouseBridge, Unsubscribe } from '../../shared/ipc';
import type { ActivitySlice } from './activity-slice';

/** Follows main's activity pushes after one seed; subscribed first so no push falls into the gap. */
export function startActivitySync(bridge: GatehouseBridge, target: () => Pick<ActivitySlice, 'applyActivity'>, onError: (error: unknown) => void): Unsubscribe {
  const off = bridge.on.activityChanged((snapshot) => target().applyActivity(snapshot));
  bridge.listActivity({}).then((snapshot) => target().applyActivity(snapshot), onError);
  return off;
}
