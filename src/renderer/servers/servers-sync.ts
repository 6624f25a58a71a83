import type { GatehouseBridge, Unsubscribe } from '../../shared/ipc';
import type { ConfigIssuesSlice } from './config-issues-slice';
import type { HealthSlice } from './health-slice';

type ServersSyncTarget = Pick<HealthSlice, 'applySnapshot'> & Pick<ConfigIssuesSlice, 'setIssues'>;

/**
 * Seeds the servers' health and config issues once and then follows main's pushes; nothing is polled.
 * Subscribing before seeding means no push can fall into the gap between the two.
 */
export function startServersSync(bridge: GatehouseBridge, target: () => ServersSyncTarget, onError: (error: unknown) => void): Unsubscribe {
  let issuesPushed = false;
  const offHealth = bridge.on.healthChanged((snapshot) => target().applySnapshot(snapshot));
  const offIssues = bridge.on.configIssuesChanged((issues) => {
    issuesPushed = true;
    target().setIssues(issues);
  });

  // A stale health seed is harmless (generations), but issues carry no generation: a push wins over a
  // seed that answers after it.
  bridge.listHealth({}).then((snapshot) => target().applySnapshot(snapshot), onError);
  bridge.listConfigIssues({}).then((issues) => {
    if (!issuesPushed) target().setIssues(issues);
  }, onError);

  return () => {
    offHealth();
    offIssues();
  };
}
