import type { GatehouseBridge, Unsubscribe } from '../../shared/ipc';
import type { ConfigIssuesSlice } from './config-issues-slice';
import type { HealthSlice } from './health-slice';
import type { OAuthSlice } from './oauth-slice';

type ServersSyncTarget = Pick<HealthSlice, 'applySnapshot'> & Pick<ConfigIssuesSlice, 'setIssues'> & Pick<OAuthSlice, 'applySignIn'>;

/**
 * Seeds the servers' health and config issues once and then follows main's pushes; nothing is polled.
 * Subscribing before seeding means no push can fall into the gap between the two.
 */
export function startServersSync(bridge: GatehouseBridge, target: () => ServersSyncTarget, onError: (error: unknown) => void): Unsubscribe {
  let issuesPushed = false;
  const offHealth = bridge.on.healthChanged((snapshot) => target().applySnapshot(snapshot));
  // Sign-ins are read per remote row when it appears; what changes afterwards (the browser came back) is pushed.
  const offSignIns = bridge.on.oauthChanged((state) => target().applySignIn(state));
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
    offSignIns();
    offIssues();
  };
}
