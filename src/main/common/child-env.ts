// The environment a stdio child receives: an allowlist of the gateway's own variables plus what its
// config entry names. Nothing else leaks in, so one server never sees another's credentials.
//
// One more variable is added at spawn, after this (stdio-process.ts): GATEHOUSE_CHILD_ID, a random
// 128-bit token per spawned child that marks its process tree, so a grandchild that left the process
// group (setsid) is still found and killed on stop (process-tree.ts). It is not a secret and carries no
// credential; it overrides a configured value of the same name, so a config cannot unmark a tree. The
// gateway's own GATEHOUSE_CHILD_ID (when a gateway is itself another gateway's child) is not on the
// allowlist, so it never passes on: every child gets its own.
import { interpolateValues } from './interpolate';

/**
 * The machine's TLS trust settings. Behind a TLS-inspecting proxy or with a private package index, a
 * child that installs or fetches anything (`uvx`, `npx`, pip, requests, curl) fails without them. They
 * name certificate files or switch to the system store; they are not secrets (a path may show a user
 * name). uv reads SSL_CERT_FILE and SSL_CERT_DIR itself; UV_SYSTEM_CERTS is its system-store switch and
 * UV_NATIVE_TLS the deprecated older name of it, the one older uv versions read. Python servers through uv
 * (runtime/uv-env.ts) get them from this same list.
 */
export const TRUST_VARIABLES = [
  'SSL_CERT_FILE', 'SSL_CERT_DIR', 'NODE_EXTRA_CA_CERTS', 'REQUESTS_CA_BUNDLE', 'CURL_CA_BUNDLE', 'PIP_CERT',
  'UV_SYSTEM_CERTS', 'UV_NATIVE_TLS',
] as const;

const ALLOWED = new Set<string>([
  'HOME', 'USER', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'LANG', 'TZ', 'TMPDIR',
  'http_proxy', 'https_proxy', 'no_proxy', 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'ALL_PROXY', 'all_proxy',
  ...TRUST_VARIABLES,
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
