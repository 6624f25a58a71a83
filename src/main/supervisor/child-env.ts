// The environment a stdio child receives: an allowlist of the gateway's own variables plus what its
// config entry names. Nothing else leaks in, so one server never sees another's credentials.
import { interpolateValues } from './interpolate';

const ALLOWED = new Set([
  'HOME', 'USER', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'LANG', 'TZ', 'TMPDIR',
  'http_proxy', 'https_proxy', 'no_proxy', 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'ALL_PROXY', 'all_proxy',
  // Windows needs these to start almost anything.
  'SYSTEMROOT', 'SystemRoot', 'WINDIR', 'COMSPEC', 'PATHEXT', 'APPDATA', 'LOCALAPPDATA', 'PROGRAMDATA',
  'PROGRAMFILES', 'USERPROFILE', 'TEMP', 'TMP',
]);

function allowed(name: string): boolean {
  return ALLOWED.has(name) || name.startsWith('LC_') || name.startsWith('XDG_');
}

export interface ChildEnv {
  env: Record<string, string>;
  missing: string[];
}

/**
 * `lookup` supplies `${NAME}` values (the process environment, then the keychain scopes); by default the
 * gateway's own environment only.
 */
export function buildChildEnv(
  gatewayEnv: NodeJS.ProcessEnv,
  configured: Record<string, string>,
  lookup: (name: string) => string | undefined = (name) => gatewayEnv[name],
): ChildEnv {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(gatewayEnv)) {
    if (value !== undefined && allowed(name)) env[name] = value;
  }
  const { values, missing } = interpolateValues(configured, lookup);
  return { env: { ...env, ...values }, missing };
}
