// The registry is fetched only from public https hosts: never the machine itself or the LAN (an agent
// must not turn the gateway into a probe of internal services). Loopback is allowed only with an
// explicit test/dev flag, like the JWKS loopback-issuer rule.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isLoopbackHost, nonPublicAddress } from '../common/hosts';

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

export async function checkRegistryUrl(raw: string, allowLoopback: boolean): Promise<UrlCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: `GATEHOUSE_REGISTRY_URL "${raw.slice(0, 80)}" is not a URL` };
  }
  if (url.username || url.password) return { ok: false, reason: 'the registry URL must not carry credentials' };
  if (allowLoopback && isLoopbackHost(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:')) return { ok: true, url };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isLoopbackHost(host) || (isIP(host) && nonPublicAddress(host))) {
    return { ok: false, reason: `${host} is not a public host (a loopback fixture needs GATEHOUSE_REGISTRY_ALLOW_LOOPBACK=1)` };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: `the registry URL must use https (got ${url.protocol})` };
  if (!isIP(host)) {
    try {
      const addresses = await lookup(host, { all: true });
      if (addresses.some((a) => nonPublicAddress(a.address))) return { ok: false, reason: `${host} resolves to a private address` };
    } catch {
      return { ok: false, reason: `${host} could not be resolved (no network or no DNS)` };
    }
  }
  return { ok: true, url };
}
