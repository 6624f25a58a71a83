// What a host is: loopback, unspecified, or not public (private, link-local, multicast, reserved, a
// local-only name). One table for every check that keeps Gatehouse from talking to the machine itself or
// the LAN when it should not (the registry, JWT issuers and key sets) and for every check that insists on
// loopback (the listener, self-reference, the panel's own URL).
import { isIP } from 'node:net';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1']);

/** localhost, 127.0.0.0/8 or ::1, with or without IPv6 brackets. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (LOOPBACK_NAMES.has(bare)) return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

/** 0.0.0.0 and :: listen on every interface, loopback included. */
export function isUnspecifiedHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === '0.0.0.0' || bare === '::' || bare === '0:0:0:0:0:0:0:0';
}

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

/** Why a resolved address is not public, or null when it is. */
export function nonPublicAddress(address: string): string | null {
  if (isIP(address) === 4) return ipv4Blocked(address);
  if (isIP(address) === 6) return ipv6Blocked(address);
  return 'not an IP address';
}
