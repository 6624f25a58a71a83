// Which port the gateway listens on: a --port flag wins, then settings.json's "port", then 3344. The
// desktop app and `gatehouse serve --transport http` resolve it the same way, so an operator who moves the
// gateway once (settings.json) moves both.
import { DEFAULT_PORT } from '../common/listen';
import type { DesktopSettings } from './desktop-settings';

export type PortSource = 'flag' | 'settings' | 'default';

export function gatewayPort(flag: number | undefined, settings: Pick<DesktopSettings, 'port'>): { port: number; source: PortSource } {
  if (flag !== undefined) return { port: flag, source: 'flag' };
  if (settings.port !== null) return { port: settings.port, source: 'settings' };
  return { port: DEFAULT_PORT, source: 'default' };
}
