// The core's browser hook (an OAuth sign-in's authorization URL) in the desktop app. The URL comes from an
// authorization server's metadata, which a hostile or broken server controls: handed to the OS as-is, a
// file:, smb: or custom-scheme URL would open a local file, leak credentials to a share or launch another
// app. Only http(s) pages are opened. Plain Node: the shell passes Electron's shell.openExternal in.

export class OpenUrlRefused extends Error {
  readonly code = 'OPEN_URL_REFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'OpenUrlRefused';
  }
}

const NEXT = "check the remote server's OAuth settings (its authorization server's metadata)";

/** Wraps the system's opener so it only ever opens http and https URLs; others are refused with a reason. */
export function browserOpener(open: (url: string) => Promise<void>): (url: string) => Promise<void> {
  return async (url) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new OpenUrlRefused(`[OPEN_URL_REFUSED] the sign-in URL is not a valid URL, so no browser was opened; ${NEXT}`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      // The scheme is named, never the whole URL: it may carry anything the server chose to put there.
      throw new OpenUrlRefused(`[OPEN_URL_REFUSED] only http and https sign-in pages are opened in the browser, not a ${parsed.protocol} URL; ${NEXT}`);
    }
    if (parsed.username || parsed.password) {
      throw new OpenUrlRefused(`[OPEN_URL_REFUSED] the sign-in URL carries a user name or password, so no browser was opened; ${NEXT}`);
    }
    await open(parsed.href);
  };
}
