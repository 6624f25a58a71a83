// The registry is fetched only from public https hosts: never the machine itself or the LAN (an agent
// must not turn the gateway into a probe of internal services). Loopback is allowed only with an
// explicit test/dev flag, like the JWKS loopback-issuer rule.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

function privateAddress(address: string): boolean {
  if (isIP(address) === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  const lower = address.toLowerCase();
  if (lower.startsWith('::ffff:')) return privateAddress(lower.slice(7));
  return lower === '::' || lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
}

const isLoopback = (host: string) => host === 'localhost' || host === '[::1]' || host === '::1' || /^127\./.test(host);

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

export async function checkRegistryUrl(raw: string, allowLoopback: boolean): Promise<UrlCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: `GATEHOUSE_REGISTRY_URL "${raw.slice(0, 80)}" is not a URL` };
  }
  if (url.username || url.password) return { ok: false, reason: 'the registry URL must not carry credentials' };
  if (allowLoopback && isLoopback(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:')) return { ok: true, url };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isLoopback(host) || (isIP(host) && privateAddress(host))) {
    return { ok: false, reason: `${host} is not a public host (a loopback fixture needs GATEHOUSE_REGISTRY_ALLOW_LOOPBACK=1)` };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: `the registry URL must use https (got ${url.protocol})` };
  if (!isIP(host)) {
    try {
      const addresses = await lookup(host, { all: true });
      if (addresses.some((a) => privateAddress(a.address))) return { ok: false, reason: `${host} resolves to a private address` };
    } catch {
      return { ok: false, reason: `${host} could not be resolved (no network or no DNS)` };
    }
  }
  return { ok: true, url };
}
