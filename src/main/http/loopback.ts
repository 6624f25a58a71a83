// Host and Origin rules (contract §8, checks 1 and 2). A loopback listener is reachable from every web
// page the user opens, so a Host naming anything but this gateway (DNS rebinding) and a foreign browser
// Origin are refused on every request, in every auth mode.
import { isLoopbackHost, isUnspecifiedHost } from '../common/hosts';

export { isLoopbackHost, isUnspecifiedHost };
// A Host header is host[:port] and nothing else: no user info, path or spaces that URL parsing would
// quietly strip (`evil@127.0.0.1` must not pass as 127.0.0.1).
const HOST_HEADER = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;


export interface OriginPolicy {
  /** The port the listener is bound to: loopback Host values must name it. */
  port: number;
  /** Extra `host[:port]` values (lowercase, as URL.host prints them) from --public-url, the audience, --allowed-origin. */
  allowedHosts: ReadonlySet<string>;
  /** Extra browser origins (`scheme://host[:port]`, lowercase) from --allowed-origin. */
  allowedOrigins: ReadonlySet<string>;
}

/** URL.host of a bare `host[:port]` header (lowercase, default port dropped), or null when malformed. */
export function normalizeHostHeader(hostHeader: string | undefined): { host: string; hostname: string; port: number } | null {
  if (!hostHeader || !HOST_HEADER.test(hostHeader)) return null;
  let url: URL;
  try {
    url = new URL(`http://${hostHeader}`);
  } catch {
    return null;
  }
  return { host: url.host, hostname: url.hostname, port: url.port === '' ? 80 : Number(url.port) };
}

/**
 * Verdicts on Host values already seen, per policy (a policy is never changed, only replaced). A client
 * sends the same Host on every request, so the URL parse runs once per value instead of per request;
 * bounded, so a stream of made-up Hosts cannot grow it.
 */
const HOST_VERDICTS_MAX = 64;
const hostVerdicts = new WeakMap<OriginPolicy, Map<string, boolean>>();

/** Check 1: the Host header names this gateway (loopback on the bound port, or a configured name). */
export function hostAllowed(hostHeader: string | undefined, policy: OriginPolicy): boolean {
  if (hostHeader === undefined) return false;
  const seen = hostVerdicts.get(policy) ?? new Map<string, boolean>();
  const known = seen.get(hostHeader);
  if (known !== undefined) return known;
  const verdict = judgeHost(hostHeader, policy);
  if (!seen.size) hostVerdicts.set(policy, seen);
  if (seen.size >= HOST_VERDICTS_MAX) seen.clear();
  seen.set(hostHeader, verdict);
  return verdict;
}

function judgeHost(hostHeader: string, policy: OriginPolicy): boolean {
  const parsed = normalizeHostHeader(hostHeader);
  if (!parsed) return false;
  if (isLoopbackHost(parsed.hostname) && parsed.port === policy.port) return true;
  return policy.allowedHosts.has(parsed.host);
}

/**
 * Check 2: no Origin (non-browser clients) passes; a present one must be loopback, configured, or the
 * same origin as the already validated Host. `null` (sandboxed frames, file:// pages) never passes.
 */
export function originAllowed(originHeader: string | undefined, hostHeader: string | undefined, policy: OriginPolicy): boolean {
  if (originHeader === undefined) return true;
  let url: URL;
  try {
    url = new URL(originHeader);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (isLoopbackHost(url.hostname)) return true;
  if (policy.allowedOrigins.has(url.origin.toLowerCase())) return true;
  const host = normalizeHostHeader(hostHeader);
  return host !== null && host.host === url.host;
}

/** Adds the host of a configured URL (public URL, audience, allowed origin) to the allowed sets. */
export function buildOriginPolicy(port: number, urls: { publicUrls: string[]; allowedOrigins: string[] }): OriginPolicy {
  const allowedHosts = new Set<string>();
  const allowedOrigins = new Set<string>();
  for (const raw of [...urls.publicUrls, ...urls.allowedOrigins]) {
    const url = new URL(raw);
    allowedHosts.add(url.host.toLowerCase());
  }
  for (const raw of urls.allowedOrigins) allowedOrigins.add(new URL(raw).origin.toLowerCase());
  return { port, allowedHosts, allowedOrigins };
}
