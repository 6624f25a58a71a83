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

export function buildChildEnv(gatewayEnv: NodeJS.ProcessEnv, configured: Record<string, string>): ChildEnv {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(gatewayEnv)) {
    if (value !== undefined && allowed(name)) env[name] = value;
  }
  const { values, missing } = interpolateValues(configured, (name) => gatewayEnv[name]);
  return { env: { ...env, ...values }, missing };
}
