// Where the control panel is loaded from, and the one predicate every guard uses to recognise it. The
// navigation guard, the IPC sender check and the CSP all agree on this single answer.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isLoopbackHost } from '../common/hosts';

export type AppLocation =
  | { kind: 'file'; file: string; url: string }
  | { kind: 'dev'; url: string };


/**
 * The built renderer sits beside the built main (`out/main` -> `out/renderer`). A dev server URL is
 * honoured only when the caller passes one (the entry passes it only for unpackaged runs) and only on
 * loopback, so an inherited environment variable cannot point the privileged window at a remote page.
 */
export function resolveAppLocation(mainDir: string, devServerUrl?: string): AppLocation {
  if (devServerUrl) {
    const parsed = parseUrl(devServerUrl);
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !isLoopbackHost(parsed.hostname)) {
      throw new Error(
        `ELECTRON_RENDERER_URL "${devServerUrl}" is not a loopback http(s) URL; unset it or point it at the local dev server.`,
      );
    }
    return { kind: 'dev', url: parsed.href };
  }
  const file = join(mainDir, '..', 'renderer', 'index.html');
  return { kind: 'file', file, url: pathToFileURL(file).href };
}

/** True only for the panel's own page: same file (any hash or query), or the dev server's origin. */
export function isAppUrl(location: AppLocation, candidate: string): boolean {
  const url = parseUrl(candidate);
  if (!url) return false;
  const own = new URL(location.url);
  if (location.kind === 'dev') return url.origin === own.origin;
  return url.protocol === 'file:' && url.host === own.host && url.pathname === own.pathname;
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
