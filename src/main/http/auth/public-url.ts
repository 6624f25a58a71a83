// URLs a resource server fetches or advertises (issuer, JWKS) must be https on a public host (contract
// §8.1): a loopback, private, link-local, multicast or unspecified address would let a token issuer or a
// key fetch point inside the machine or the LAN. Local development may allow a loopback issuer
// explicitly (`--oauth-allow-loopback-issuer`); the tests use that.
import { isIP } from 'node:net';
import { GatewayError } from '../../core/errors';
import { isLoopbackHost } from '../loopback';

function ipv4Blocked(ip: string): string | null {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  if (a === 127) return 'loopback';
  if (a === 0) return 'unspecified';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 100 && b >= 64 && b <= 127) return 'private (shared address space)';
  if (a === 169 && b === 254) return 'link-local';
  if (a >= 224 && a <= 239) return 'multicast';
  if (a >= 240) return 'reserved';
  return null;
}

function ipv6Blocked(ip: string): string | null {
  const lower = ip.toLowerCase();
  if (lower === '::1') return 'loopback';
  if (lower === '::') return 'unspecified';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped?.[1]) return ipv4Blocked(mapped[1]);
  if (/^f[cd]/.test(lower)) return 'private (unique local)';
  if (/^fe[89ab]/.test(lower)) return 'link-local';
  if (lower.startsWith('ff')) return 'multicast';
  return null;
}

/** Why a host is not public, or null when it is (names are judged by name; they are not resolved). */
export function nonPublicReason(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (bare === 'localhost' || bare.endsWith('.localhost')) return 'loopback';
  if (isIP(bare) === 4) return ipv4Blocked(bare);
  if (isIP(bare) === 6) return ipv6Blocked(bare);
  if (!bare.includes('.')) return 'not a fully qualified name';
  if (/\.(local|internal|lan|home\.arpa)$/i.test(bare)) return 'private (local-only domain)';
  return null;
}

/**
 * Parses `value` (from `flag`) as an https URL on a public host; with `allowLoopback` an http(s) URL on
 * a loopback address is accepted too. Anything else stops start-up (fail closed).
 */
export function requirePublicUrl(value: string, flag: string, allowLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new GatewayError('E101', `${flag}: "${value}" is not an absolute URL`, { flag }, `pass a full URL, e.g. ${flag} https://auth.example.com/`);
  }
  if (url.username || url.password) {
    throw new GatewayError('E101', `${flag}: the URL must not carry user information`, { flag }, 'remove the user:password@ part');
  }
  if (allowLoopback && isLoopbackHost(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:')) return url;
  if (url.protocol !== 'https:') {
    throw new GatewayError('E101', `${flag}: ${url.origin} is not https`, { flag },
      'use an https URL (a loopback issuer for local development needs --oauth-allow-loopback-issuer)');
  }
  const reason = nonPublicReason(url.hostname);
  if (reason) {
    throw new GatewayError('E101', `${flag}: ${url.hostname} is ${reason}, not a public host`, { flag },
      'use the identity provider\'s public https URL (a loopback issuer for local development needs --oauth-allow-loopback-issuer)');
  }
  return url;
}
