// Keeps every web contents on the panel's own page: no navigation away, no new windows, no <webview>,
// no permission prompts. A page that could navigate elsewhere would inherit the preload bridge.
interface Preventable {
  preventDefault(): void;
}

/** The slice of WebContents the guard touches; Electron's WebContents satisfies it. */
export interface GuardableContents {
  on(event: 'will-navigate', listener: (event: Preventable, url: string) => void): unknown;
  on(event: 'will-redirect', listener: (event: Preventable, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: Preventable) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export type UrlCheck = (url: string) => boolean;

export function guardContents(contents: GuardableContents, isAppUrl: UrlCheck, log: (line: string) => void = () => {}): void {
  const blockForeign = (event: Preventable, url: string): void => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    log(`gatehouse: blocked navigation to ${url}`);
  };
  contents.on('will-navigate', blockForeign);
  contents.on('will-redirect', blockForeign);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    log(`gatehouse: blocked window.open of ${url}`);
    return { action: 'deny' };
  });
}

/** The panel needs no camera, notifications, clipboard-read or anything else a page may ask for. */
export interface PermissionSession {
  setPermissionRequestHandler(handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: () => boolean): void;
}

export function denyAllPermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/** Guards every web contents as it is created, so nothing added later escapes the policy. */
export interface ContentsSource {
  on(event: 'web-contents-created', listener: (event: unknown, contents: GuardableContents) => void): unknown;
}

export function guardAllContents(app: ContentsSource, isAppUrl: UrlCheck, log?: (line: string) => void): void {
  app.on('web-contents-created', (_event, contents) => guardContents(contents, isAppUrl, log));
}
