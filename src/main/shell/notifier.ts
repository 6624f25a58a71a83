// Native notifications for what notices.ts picks out of the core's stream: a crash loop, a missing
// credential, a finished provisioning. Subscribes to the same events as the tray and the panel; clicking
// a notification opens the panel. Silent while the operator turned notifications off.
import { Notification } from 'electron';
import type { HealthSnapshot } from '../../shared/domain';
import { createGenerationGate } from '../../shared/generation-gate';
import type { GatehouseEvents } from '../core/events';
import { healthNotices, provisioningNotice, type Notice } from './notices';

export interface NotifierInput {
  events: Pick<GatehouseEvents, 'on'>;
  enabled: () => boolean;
  openWindow: () => void;
  log: (line: string) => void;
}

export function createNotifier({ events, enabled, openWindow, log }: NotifierInput): { dispose(): void } {
  const gate = createGenerationGate();
  let previous: HealthSnapshot | null = null;
  // Kept until closed: a garbage-collected Notification loses its click handler on some platforms.
  const shown = new Set<Notification>();

  const show = (notice: Notice): void => {
    if (!enabled()) return;
    if (!Notification.isSupported()) {
      log(`gatehouse: notifications are not supported here: ${notice.title}`);
      return;
    }
    const notification = new Notification({ title: notice.title, body: notice.body });
    shown.add(notification);
    notification.on('click', openWindow);
    notification.on('close', () => shown.delete(notification));
    notification.show();
  };

  const offHealth = events.on('healthChanged', (snapshot) => {
    if (!gate.accept(snapshot.generation)) return;
    for (const notice of healthNotices(previous, snapshot)) show(notice);
    previous = snapshot;
  });
  const offProvisioning = events.on('provisioningFinished', (done) => show(provisioningNotice(done)));
  return {
    dispose() {
      offHealth();
      offProvisioning();
      shown.clear();
    },
  };
}
