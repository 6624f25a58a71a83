// The HTTP gateway's settings, resolved from `gatehouse serve` flags and GATEHOUSE_* variables (flags
// win). Everything is checked here, before anything starts: a resource server with missing settings, a
// non-loopback bind without auth, or an unreadable token file stops start-up with a coded error.
import { statSync } from 'node:fs';
import { GatewayError } from '../common/errors';
import { type NamedToken, checkToken, DEFAULT_PRINCIPAL, parseTokenFile } from './auth/shared-secret';
import { ASYMMETRIC_ALGORITHMS, DEFAULT_ALGORITHMS } from './auth/resource-server';
import { requirePublicUrl } from './auth/public-url';
import { DEFAULT_MAX_BODY_BYTES } from './body';
import { isLoopbackHost } from './loopback';
import { defaultPerPrincipalCap, MAX_SESSIONS } from './sessions';
import { gatehouseRun } from '../common/gatehouse-command';
import { isReplicaId, REPLICA_ENV } from '../common/replica';

import { DEFAULT_HOST, DEFAULT_PORT } from '../common/listen';

export { DEFAULT_HOST, DEFAULT_PORT };
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

export type AuthSettings =
  | { mode: 'none' }
  | { mode: 'shared-secret'; tokens: NamedToken[] }
  | {
      mode: 'resource-server';
      issuer: string;
      jwksUrl: URL;
      audience: string;
      algorithms: string[];
      requiredScopes: string[];
    };

export interface HttpSettings {
  host: string;
  port: number;
  auth: AuthSettings;
  allowedOrigins: string[];
  publicUrl: string | null;
  rateLimitPerMinute: number;
  trustProxy: boolean;
  requestTimeoutMs: number;
  metricsPublic: boolean;
  maxBodyBytes: number;
  /** Handshake-era sessions open at once (GATEHOUSE_MAX_SESSIONS, default 1000). */
  maxSessions: number;
  /** Of which one principal may hold (GATEHOUSE_MAX_SESSIONS_PER_PRINCIPAL, default a quarter of maxSessions). */
  maxSessionsPerPrincipal: number;
  /** This gateway's name among replicas behind one load balancer (GATEHOUSE_REPLICA_ID); null or absent when alone. */
  replicaId?: string | null;
}

/** The flag values `gatehouse serve` parsed (strings as typed; repeated flags as arrays). */
export interface HttpFlagValues {
  host?: string;
  port?: number;
  auth?: string;
  'auth-token-file'?: string;
  'auth-token'?: string;
  'allow-insecure-bind'?: boolean;
  'oauth-issuer'?: string;
  'oauth-jwks-url'?: string;
  'oauth-audience'?: string;
  'oauth-algorithm'?: string[];
  'required-scope'?: string[];
  'oauth-allow-loopback-issuer'?: boolean;
  'allowed-origin'?: string[];
  'public-url'?: string;
  'rate-limit'?: string;
  'trust-proxy'?: boolean;
  'request-timeout'?: string;
  'metrics-public'?: boolean;
}

export interface ResolveIo {
  env: NodeJS.ProcessEnv;
  readFile(path: string): string;
  warn(line: string): void;
  /** GATEHOUSE_AUTH_TOKEN as stored in the OS keychain (user scope), read before resolution; null when absent. */
  keychainToken?: string | null;
}

function configError(flag: string, message: string, next: string): GatewayError {
  return new GatewayError('E101', `${flag}: ${message}`, { flag }, next);
}

function parseNumber(value: string | undefined, flag: string, fallback: number, min: number, max: number, integer: boolean): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) {
    throw configError(flag, `"${value}" is not a number from ${min} to ${max}`, `pass for example ${flag} ${fallback || 60}`);
  }
  return n;
}

function httpUrl(value: string, flag: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw configError(flag, `"${value}" is not an absolute URL`, `pass a full URL such as ${flag} https://gatehouse.example.com/mcp`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hash || url.username) {
    throw configError(flag, `"${value}" must be a plain http(s) URL without user info or fragment`, 'remove the extra parts');
  }
  return value;
}

function readTokens(io: ResolveIo, flags: HttpFlagValues): NamedToken[] | null {
  const file = flags['auth-token-file'] ?? (flags['auth-token'] === undefined ? io.env.GATEHOUSE_AUTH_TOKEN_FILE : undefined);
  if (file) {
    let text: string;
    try {
      text = io.readFile(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new GatewayError('E101', `--auth-token-file: cannot read ${file} (${code})`, { path: file }, 'check the path and that this user may read it');
    }
    try {
      if ((statSync(file).mode & 0o077) !== 0) io.warn(`warning: ${file} is readable by other users; run: chmod 600 ${file}`);
    } catch {
      // Read just succeeded; a stat race is not worth failing start-up over.
    }
    return parseTokenFile(text, file);
  }
  if (flags['auth-token'] !== undefined) {
    io.warn('warning: --auth-token is visible to other local users in the process list; prefer --auth-token-file or GATEHOUSE_AUTH_TOKEN');
    checkToken(flags['auth-token'], '--auth-token');
    return [{ principal: DEFAULT_PRINCIPAL, token: flags['auth-token'] }];
  }
  const envToken = io.env.GATEHOUSE_AUTH_TOKEN;
  if (envToken) {
    checkToken(envToken, 'GATEHOUSE_AUTH_TOKEN');
    return [{ principal: DEFAULT_PRINCIPAL, token: envToken }];
  }
  if (io.keychainToken) {
    checkToken(io.keychainToken, 'GATEHOUSE_AUTH_TOKEN (keychain)');
    return [{ principal: DEFAULT_PRINCIPAL, token: io.keychainToken }];
  }
  return null;
}

function resolveAuth(flags: HttpFlagValues, io: ResolveIo): AuthSettings {
  const requested = flags.auth ?? io.env.GATEHOUSE_AUTH;
  if (requested !== undefined && !['none', 'shared-secret', 'resource-server'].includes(requested)) {
    throw configError('--auth', `"${requested}" is not a mode`, 'use none, shared-secret or resource-server');
  }
  if (requested === 'resource-server') return resolveResourceServer(flags, io);
  const tokens = requested === 'none' ? null : readTokens(io, flags);
  if (requested === 'shared-secret' && !tokens) {
    throw configError('--auth', 'shared-secret needs a token', `pass --auth-token-file FILE, set GATEHOUSE_AUTH_TOKEN, or store it: ${gatehouseRun('secrets set GATEHOUSE_AUTH_TOKEN')}`);
  }
  return tokens ? { mode: 'shared-secret', tokens } : { mode: 'none' };
}

function resolveResourceServer(flags: HttpFlagValues, io: ResolveIo): AuthSettings {
  const allowLoopback = flags['oauth-allow-loopback-issuer'] === true;
  const issuer = flags['oauth-issuer'] ?? io.env.GATEHOUSE_OAUTH_ISSUER;
  const jwks = flags['oauth-jwks-url'] ?? io.env.GATEHOUSE_OAUTH_JWKS_URL;
  const audience = flags['oauth-audience'] ?? io.env.GATEHOUSE_OAUTH_AUDIENCE;
  const missing = [!issuer && '--oauth-issuer', !jwks && '--oauth-jwks-url', !audience && '--oauth-audience'].filter(Boolean);
  if (!issuer || !jwks || !audience) {
    throw configError('--auth resource-server', `missing ${missing.join(', ')}`, 'pass the issuer, its JWKS URL and this gateway\'s resource URI (the token audience)');
  }
  requirePublicUrl(issuer, '--oauth-issuer', allowLoopback);
  const jwksUrl = requirePublicUrl(jwks, '--oauth-jwks-url', allowLoopback);
  const algorithms = flags['oauth-algorithm']?.length ? [...new Set(flags['oauth-algorithm'])] : DEFAULT_ALGORITHMS;
  for (const alg of algorithms) {
    if (!ASYMMETRIC_ALGORITHMS.has(alg)) {
      throw configError('--oauth-algorithm', `"${alg}" is not allowed (none and shared-key HS* algorithms never are)`,
        `use asymmetric ones: ${[...ASYMMETRIC_ALGORITHMS].join(', ')}`);
    }
  }
  return {
    mode: 'resource-server',
    issuer,
    jwksUrl,
    audience: httpUrl(audience, '--oauth-audience'),
    algorithms,
    requiredScopes: [...new Set(flags['required-scope'] ?? [])],
  };
}

/** An integer GATEHOUSE_* variable within bounds, or the fallback when unset. */
function envInteger(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new GatewayError('E101', `${name}: "${value}" is not a whole number from ${min} to ${max}`, { variable: name }, `unset it, or set for example ${name}=${fallback}`);
  }
  return n;
}

function resolveSessionCaps(env: NodeJS.ProcessEnv): Pick<HttpSettings, 'maxSessions' | 'maxSessionsPerPrincipal'> {
  const maxSessions = envInteger(env, 'GATEHOUSE_MAX_SESSIONS', MAX_SESSIONS, 1, 100_000);
  const maxSessionsPerPrincipal = envInteger(env, 'GATEHOUSE_MAX_SESSIONS_PER_PRINCIPAL', defaultPerPrincipalCap(maxSessions), 1, maxSessions);
  return { maxSessions, maxSessionsPerPrincipal };
}

function resolveReplicaId(env: NodeJS.ProcessEnv): string | null {
  const value = env[REPLICA_ENV];
  if (value === undefined || value === '') return null;
  if (!isReplicaId(value)) {
    throw new GatewayError('E101', `${REPLICA_ENV}: "${value.slice(0, 80)}" is not a replica id (lowercase letters, digits and inner dashes, at most 63)`,
      { variable: REPLICA_ENV }, `set it to a short name such as ${REPLICA_ENV}=r1 (in Kubernetes: the pod name), or unset it for a single gateway`);
  }
  return value;
}

/**
 * Behind a TLS-terminating proxy in resource-server mode, the URL clients use (--public-url) is the
 * resource their tokens are for: clients check that the metadata's `resource` is the server they
 * connect to, and bearer tokens must not cross the network in the clear.
 */
function checkPublicUrl(publicUrl: string | null, auth: AuthSettings): void {
  if (!publicUrl || auth.mode !== 'resource-server') return;
  const url = new URL(publicUrl);
  if (url.protocol !== 'https:' && !isLoopbackHost(url.hostname)) {
    throw configError('--public-url', `${url.origin} is not https, and clients would send their access tokens to it in the clear`,
      'terminate TLS at the proxy and pass its https URL, e.g. --public-url https://gatehouse.example.com/mcp');
  }
  const audience = new URL(auth.audience);
  if (url.origin !== audience.origin) {
    throw configError('--public-url', `${url.origin} is not the origin of --oauth-audience ${audience.origin}; clients check that the resource their tokens are for is the server they connect to`,
      'give the same public https URL to both (--oauth-audience is the canonical URI of this gateway)');
  }
}

export function resolveHttpSettings(flags: HttpFlagValues, io: ResolveIo): HttpSettings {
  const host = flags.host ?? DEFAULT_HOST;
  const auth = resolveAuth(flags, io);
  if (auth.mode === 'none' && !isLoopbackHost(host) && flags['allow-insecure-bind'] !== true) {
    throw new GatewayError('E204', `refusing to listen on ${host}: without authentication the gateway may only bind a loopback address`,
      { host }, 'set up --auth shared-secret (--auth-token-file FILE) or --auth resource-server; or bind --host 127.0.0.1; --allow-insecure-bind overrides this check');
  }
  if (auth.mode === 'none' && flags['allow-insecure-bind'] === true && !isLoopbackHost(host)) {
    io.warn(`warning: serving ${host} without authentication (--allow-insecure-bind): anyone who can reach it can use every server`);
  }
  if (!isLoopbackHost(host) && !flags['public-url'] && !flags['allowed-origin']?.length && auth.mode !== 'resource-server') {
    io.warn(`note: remote clients must reach ${host} under a name given with --public-url; other Host headers get 403 (DNS-rebinding defence)`);
  }
  const publicUrl = flags['public-url'] ? httpUrl(flags['public-url'], '--public-url') : null;
  checkPublicUrl(publicUrl, auth);
  return {
    host,
    port: flags.port ?? DEFAULT_PORT,
    auth,
    allowedOrigins: (flags['allowed-origin'] ?? []).map((o) => httpUrl(o, '--allowed-origin')),
    publicUrl,
    rateLimitPerMinute: parseNumber(flags['rate-limit'], '--rate-limit', 0, 0, 1_000_000, true),
    trustProxy: flags['trust-proxy'] === true,
    requestTimeoutMs: parseNumber(flags['request-timeout'], '--request-timeout', DEFAULT_REQUEST_TIMEOUT_MS / 1000, 1, 3600, false) * 1000,
    metricsPublic: flags['metrics-public'] === true,
    maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
    ...resolveSessionCaps(io.env),
    replicaId: resolveReplicaId(io.env),
  };
}
