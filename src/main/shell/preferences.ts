// The operator's two switches in the tray — start at login and notifications — kept in settings.json.
// Start at login is registered with the system first and saved only once that worked, so the file never
// claims a login item that does not exist.
import { safeMessage } from '../common/errors';
import { readDesktopSettings, updateDesktopSettings, type DesktopSettings } from '../settings/desktop-settings';
import { applyLoginItem, type LoginItemHost } from './login-item';

export type Switch = 'startAtLogin' | 'notifications';

export interface Preferences {
  current(): Pick<DesktopSettings, Switch>;
  toggle(key: Switch): Promise<void>;
  /** At start: re-register an enabled login item, so it names this copy of the app (it may have moved). */
  syncLoginItem(): void;
}

export function createPreferences(settingsPath: string, loginItem: LoginItemHost, log: (line: string) => void): Preferences {
  const read = (): DesktopSettings => readDesktopSettings(settingsPath).settings;
  let cached = read();
  return {
    current: () => ({ startAtLogin: cached.startAtLogin, notifications: cached.notifications }),
    async toggle(key) {
      const fresh = read(); // the file may have been edited by hand since
      const next = !fresh[key];
      if (key === 'startAtLogin') {
        const applied = applyLoginItem(next, loginItem);
        if (!applied.ok) {
          log(`gatehouse: ${applied.message}`);
          cached = fresh;
          return;
        }
        log(`gatehouse: start at login ${next ? `on (${applied.where})` : 'off'}`);
      }
      try {
        cached = updateDesktopSettings(settingsPath, { [key]: next }).settings;
      } catch (error) {
        log(`gatehouse: ${safeMessage(error)}`);
        cached = fresh;
      }
    },
    syncLoginItem() {
      if (!cached.startAtLogin) return;
      const applied = applyLoginItem(true, loginItem);
      if (!applied.ok) log(`gatehouse: ${applied.message}`);
    },
  };
}
