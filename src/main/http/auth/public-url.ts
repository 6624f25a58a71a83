// URLs a resource server fetches or advertises (issuer, JWKS) must be https on a public host (contract
// §8.1): a loopback, private, link-local, multicast or unspecified address would let a token issuer or a
// key fetch point inside the machine or the LAN. Local development may allow a loopback issuer
// explicitly (`--oauth-allow-loopback-issuer`); the tests use that.
import { GatewayError } from '../../common/errors';
import { isLoopbackHost, nonPublicReason } from '../../common/hosts';

export { nonPublicReason };

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
