// The core's browser hook (an OAuth sign-in's authorization URL) in the desktop app. The URL comes from an
// authorization server's metadata, which a hostile or broken server controls: handed to the OS as-is, a
// file:, smb: or custom-scheme URL would open a local file, leak credentials to a share or launch another
// app. Only http(s) pages are opened. Plain Node: the shell passes Electron's shell.openExternal in.
import { browserUrlProblem } from '../common/safe-url';

export class OpenUrlRefused extends Error {
  readonly code = 'OPEN_URL_REFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'OpenUrlRefused';
  }
}

/** Wraps the system's opener so it only ever opens http and https URLs; others are refused with a reason. */
export function browserOpener(open: (url: string) => Promise<void>): (url: string) => Promise<void> {
  return async (url) => {
    const problem = browserUrlProblem(url);
    if (problem) {
      throw new OpenUrlRefused(`[OPEN_URL_REFUSED] no browser was opened for the sign-in URL: ${problem}; check the remote server's OAuth settings (its authorization server's metadata)`);
    }
    await open(url);
  };
}
