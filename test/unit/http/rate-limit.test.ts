import { describe, expect, it } from 'vitest';
import { clientKey, RATE_LIMIT_MAX_KEYS, RateLimiter } from '../../../src/main/http/rate-limit';

describe('RateLimiter', () => {
  it('allows the limit per minute, then refuses with a truthful Retry-After', () => {
    let now = 120_000; // the start of a window
    const limiter = new RateLimiter(3, () => now);
    expect([1, 2, 3].map(() => limiter.hit('a').allowed)).toEqual([true, true, true]);
    const refused = limiter.hit('a');
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: expect.any(Number) });
    const wait = refused.allowed ? 0 : refused.retryAfterSeconds;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(120);
    now += wait * 1000;
    expect(limiter.hit('a').allowed).toBe(true);
  });

  it('slides: the previous minute still weighs in at the start of the next one', () => {
    let now = 60_000;
    const limiter = new RateLimiter(10, () => now);
    for (let i = 0; i < 10; i += 1) limiter.hit('a');
    now = 120_000 + 6_000; // 10 % into the next window: 90 % of the 10 still count (9)
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(false); // 9 + 1
    now = 120_000 + 54_000; // 90 % in: 1 + 1 still count
    expect(limiter.hit('a').allowed).toBe(true);
  });

  it('keeps keys apart and is off at 0', () => {
    const limiter = new RateLimiter(1, () => 0);
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(false);
    expect(limiter.hit('b').allowed).toBe(true);
    const off = new RateLimiter(0);
    for (let i = 0; i < 100; i += 1) expect(off.hit('a').allowed).toBe(true);
  });

  it('bounds its key store at 10 000 with LRU eviction', () => {
    const limiter = new RateLimiter(1, () => 0);
    limiter.hit('first');
    for (let i = 0; i < RATE_LIMIT_MAX_KEYS; i += 1) limiter.hit(`k${i}`);
    expect(limiter.size).toBe(RATE_LIMIT_MAX_KEYS);
    expect(limiter.hit('first').allowed).toBe(true); // evicted, so forgotten
    expect(limiter.hit(`k${RATE_LIMIT_MAX_KEYS - 1}`).allowed).toBe(false); // recent, still counted
  });
});

describe('clientKey', () => {
  it('uses the socket address unless the proxy is trusted', () => {
    expect(clientKey('10.0.0.1', '1.2.3.4', false)).toBe('10.0.0.1');
    expect(clientKey('10.0.0.1', '9.9.9.9, 1.2.3.4', true)).toBe('1.2.3.4');
    expect(clientKey('10.0.0.1', 'garbage', true)).toBe('10.0.0.1');
  });

  it('unwraps IPv4-mapped addresses and keys IPv6 by /64', () => {
    expect(clientKey('::ffff:127.0.0.1', undefined, false)).toBe('127.0.0.1');
    expect(clientKey('2001:db8:1:2:aaaa::1', undefined, false)).toBe(clientKey('2001:db8:1:2:bbbb::9', undefined, false));
    expect(clientKey('2001:db8:1:2::1', undefined, false)).not.toBe(clientKey('2001:db8:1:3::1', undefined, false));
  });
});
