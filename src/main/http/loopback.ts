// Loopback rules for the local HTTP gateway. A loopback listener is reachable from every web page the
// user opens, so Host (DNS rebinding) and Origin are checked on every request.
import { isIP } from 'node:net';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (LOOPBACK_NAMES.has(host) || LOOPBACK_NAMES.has(bare)) return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

/** The Host header must name a loopback host on the port we listen on. */
export function hostAllowed(hostHeader: string | undefined, port: number): boolean {
  if (!hostHeader) return false;
  let url: URL;
  try {
    url = new URL(`http://${hostHeader}`);
  } catch {
    return false;
  }
  const hostPort = url.port === '' ? 80 : Number(url.port);
  return isLoopbackHost(url.hostname) && hostPort === port;
}

/** No Origin (non-browser clients) passes; a browser Origin must itself be loopback. */
export function originAllowed(originHeader: string | undefined): boolean {
  if (originHeader === undefined) return true;
  let url: URL;
  try {
    url = new URL(originHeader);
  } catch {
    return false; // includes the literal "null" origin of sandboxed frames and file:// pages
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname);
}
