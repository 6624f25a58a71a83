import type { GatehouseBridge, Unsubscribe } from '../../shared/ipc';
import type { ConfigIssuesSlice } from './config-issues-slice';
import type { HealthSlice } from './health-slice';
import type { TrustSlice } from './trust-slice';

type SyncTarget = Pick<HealthSlice, 'applySnapshot'> & Pick<ConfigIssuesSlice, 'setIssues'> & Pick<TrustSlice, 'setTrustReport'>;

/**
 * Seeds the store once and then follows main's pushes; nothing is polled.
 * Subscribing before seeding means no push can fall into the gap between the two.
 */
export function startSync(bridge: GatehouseBridge, target: () => SyncTarget, onError: (error: unknown) => void): Unsubscribe {
  let issuesPushed = false;
  let trustPushed = false;
  const offHealth = bridge.on.healthChanged((snapshot) => target().applySnapshot(snapshot));
  const offIssues = bridge.on.configIssuesChanged((issues) => {
    issuesPushed = true;
    target().setIssues(issues);
  });
  const offTrust = bridge.on.projectTrustChanged((report) => {
    trustPushed = true;
    target().setTrustReport(report);
  });

  // Stale seeds are harmless for health (generations), but issues and trust reports carry no
  // generation: a push wins over a seed that answers after it.
  bridge.listHealth({}).then((snapshot) => target().applySnapshot(snapshot), onError);
  bridge.listConfigIssues({}).then((issues) => {
    if (!issuesPushed) target().setIssues(issues);
  }, onError);
  bridge.listProjectTrust({}).then((report) => {
    if (!trustPushed) target().setTrustReport(report);
  }, onError);

  return () => {
    offHealth();
    offIssues();
    offTrust();
  };
}
