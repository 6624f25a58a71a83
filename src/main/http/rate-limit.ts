// Per-client rate limit (contract §8.2): a sliding 60 s window per client IP, checked before auth so
// failed logins are throttled too. The window is the usual two-bucket estimate (the previous minute's
// count weighted by how much of it still overlaps the window) so memory stays two numbers per key, and
// the key store is an LRU bounded at 10 000 entries so a flood of addresses cannot grow it.
import { isIP } from 'node:net';

export const RATE_WINDOW_MS = 60_000;
export const RATE_LIMIT_MAX_KEYS = 10_000;

interface Bucket {
  windowStart: number;
  current: number;
  previous: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = RATE_LIMIT_MAX_KEYS,
  ) {}

  get size(): number {
    return this.buckets.size;
  }

  /** Counts one request for `key`. Refused requests are not counted, so Retry-After stays truthful. */
  hit(key: string): RateDecision {
    if (this.perMinute <= 0) return { allowed: true };
    const now = this.now();
    const bucket = this.touch(key, now);
    const elapsed = now - bucket.windowStart;
    const estimate = bucket.previous * (1 - elapsed / RATE_WINDOW_MS) + bucket.current;
    if (estimate < this.perMinute) {
      bucket.current += 1;
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: this.retryAfter(bucket, elapsed) };
  }

  private touch(key: string, now: number): Bucket {
    let bucket = this.buckets.get(key);
    if (bucket) {
      this.buckets.delete(key); // re-insert: Map order is the LRU order
    } else {
      bucket = { windowStart: now - (now % RATE_WINDOW_MS), current: 0, previous: 0 };
      if (this.buckets.size >= this.maxKeys) {
        const oldest = this.buckets.keys().next().value;
        if (oldest !== undefined) this.buckets.delete(oldest);
      }
    }
    const windows = Math.floor((now - bucket.windowStart) / RATE_WINDOW_MS);
    if (windows >= 1) {
      bucket.previous = windows === 1 ? bucket.current : 0;
      bucket.current = 0;
      bucket.windowStart += windows * RATE_WINDOW_MS;
    }
    this.buckets.set(key, bucket);
    return bucket;
  }

  /** Seconds until the estimate drops below the limit again, assuming no further requests. */
  private retryAfter(bucket: Bucket, elapsed: number): number {
    const limit = this.perMinute;
    let waitMs: number;
    if (bucket.current >= limit) {
      // Only the next window helps: there the current count becomes "previous" and decays.
      const into = RATE_WINDOW_MS * (1 - limit / Math.max(bucket.current, 1));
      waitMs = RATE_WINDOW_MS - elapsed + into + 1;
    } else {
      waitMs = RATE_WINDOW_MS * (1 - (limit - bucket.current) / Math.max(bucket.previous, 1)) - elapsed + 1;
    }
    return Math.max(1, Math.ceil(waitMs / 1000));
  }
}

/**
 * The client key: the socket address, or with --trust-proxy the address the (single, trusted) proxy
 * appended last to X-Forwarded-For. IPv6 clients are keyed by their /64, which one host usually owns.
 */
export function clientKey(remoteAddress: string | undefined, forwardedFor: string | string[] | undefined, trustProxy: boolean): string {
  let address = remoteAddress ?? 'unknown';
  if (trustProxy && forwardedFor !== undefined) {
    const joined = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
    const last = joined.split(',').map((part) => part.trim()).filter(Boolean).pop();
    if (last && isIP(last.replace(/^\[|\]$/g, ''))) address = last.replace(/^\[|\]$/g, '');
  }
  if (address.startsWith('::ffff:') && isIP(address.slice(7)) === 4) return address.slice(7);
  if (isIP(address) === 6) return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
  return address;
}

function expandIpv6(address: string): string[] {
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const middle = address.includes('::') ? Array(Math.max(0, 8 - left.length - right.length)).fill('0') : [];
  return [...left, ...middle, ...right].map((part) => part.toLowerCase());
}
