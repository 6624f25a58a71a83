// Start at login, the operator's setting: macOS and Windows register a login item through Electron; Linux
// desktops read an XDG autostart entry. Either way the app starts with --hidden, in the tray, no window.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../common/atomic-write';
import { safeMessage } from '../common/errors';
import { AUTOSTART_FILE, autostartEntry } from './autostart-entry';

export const HIDDEN_FLAG = '--hidden';

/** Electron's app.setLoginItemSettings, narrowed to what is used here. */
export type SetLoginItem = (settings: { openAtLogin: boolean; args?: string[] }) => void;

export interface LoginItemHost {
  platform: NodeJS.Platform;
  setLoginItemSettings: SetLoginItem;
  /** How the app is started: the executable and what must follow it (the app folder when unpackaged). */
  command: string[];
  /** ~/.config/autostart (or $XDG_CONFIG_HOME/autostart). */
  autostartDir: string;
}

export type LoginItemResult = { ok: true; where: string } | { ok: false; code: 'LOGIN_ITEM_FAILED'; message: string };

export function applyLoginItem(enabled: boolean, host: LoginItemHost): LoginItemResult {
  try {
    if (host.platform === 'darwin' || host.platform === 'win32') {
      // Windows passes args to the started app; macOS does not, so the entry asks wasOpenedAtLogin instead.
      host.setLoginItemSettings({ openAtLogin: enabled, args: [HIDDEN_FLAG] });
      return { ok: true, where: 'the login items' };
    }
    const file = join(host.autostartDir, AUTOSTART_FILE);
    if (enabled) writeFileAtomic(file, autostartEntry([...host.command, HIDDEN_FLAG]), 0o644);
    else rmSync(file, { force: true });
    return { ok: true, where: file };
  } catch (error) {
    return { ok: false, code: 'LOGIN_ITEM_FAILED', message: `could not ${enabled ? 'register' : 'remove'} the login item: ${safeMessage(error)}` };
  }
}

/**
 * The command a login item runs. An AppImage is started through its own file ($APPIMAGE): the executable
 * inside lives on a mount that is gone after logout. Unpackaged (`electron .`) the app folder follows.
 */
export function launchCommand(input: { execPath: string; appImage?: string; isPackaged: boolean; appPath: string }): string[] {
  if (input.appImage) return [input.appImage];
  return input.isPackaged ? [input.execPath] : [input.execPath, input.appPath];
}
