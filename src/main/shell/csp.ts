// The Content-Security-Policy for the panel, sent as a response header on top of the <meta> tag in
// index.html: the header can carry frame-ancestors (a <meta> policy cannot), while the <meta> tag stays
// the baseline because whether webRequest reaches file:// loads has varied across Electron versions.

export interface CspInput {
  /** The dev server origin when running unpackaged with HMR; absent for the built app. */
  devServerUrl?: string;
}

export function contentSecurityPolicy({ devServerUrl }: CspInput = {}): string {
  const dev = devServerUrl ? new URL(devServerUrl) : null;
  const hmrSocket = dev ? `${dev.protocol === 'https:' ? 'wss:' : 'ws:'}//${dev.host}` : null;
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    // Vite's dev server injects the React refresh preamble inline; the built app has no inline script.
    ['script-src', dev ? ["'self'", "'unsafe-inline'"] : ["'self'"]],
    // Vite's dev server injects CSS as <style> tags; the built app links CSS files only.
    ['style-src', dev ? ["'self'", "'unsafe-inline'"] : ["'self'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', hmrSocket ? ["'self'", hmrSocket] : ["'self'"]],
    ['object-src', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['worker-src', ["'self'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

export type ResponseHeaders = Record<string, string[]>;

/** Replaces any policy the response already carried (any header-name casing) with ours. */
export function withCsp(headers: ResponseHeaders | undefined, policy: string): ResponseHeaders {
  const result: ResponseHeaders = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'content-security-policy') result[name] = value;
  }
  result['Content-Security-Policy'] = [policy];
  return result;
}

/** The slice of an Electron Session used here; Electron's Session satisfies it. */
export interface HeaderHookSession {
  webRequest: {
    onHeadersReceived(
      listener: (
        details: { responseHeaders?: ResponseHeaders },
        callback: (response: { responseHeaders: ResponseHeaders }) => void,
      ) => void,
    ): void;
  };
}

export function installCsp(session: HeaderHookSession, policy: string): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withCsp(details.responseHeaders, policy) });
  });
}
