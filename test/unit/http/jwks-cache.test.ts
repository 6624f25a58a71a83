// The JWKS cache against a real loopback server: cache lifetime, the unknown-kid cooldown, stale keys
// when the server is down, and the size, redirect and timeout bounds.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errors, exportJWK, generateKeyPair, type JWK } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { JwksCache, JwksUnavailableError } from '../../../src/main/http/auth/jwks-cache';

interface Served {
  url: URL;
  hits: number;
  body: () => string;
  status: number;
  server: Server;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise<void>((r) => { s.close(() => r()); s.closeAllConnections(); });
});

async function serve(body: () => string, status = 200, headers: Record<string, string> = {}, stall = false): Promise<Served> {
  const state = { hits: 0, body, status } as Served;
  const server = createServer((_req, res) => {
    state.hits += 1;
    if (stall) return; // never answers
    res.writeHead(state.status, { 'content-type': 'application/json', ...headers });
    res.end(state.body());
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  state.server = server;
  state.url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`);
  return state;
}

async function key(kid: string): Promise<JWK> {
  const { publicKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(publicKey)), kid, alg: 'ES256' };
}

const header = (kid: string) => ({ alg: 'ES256', kid });
const token = { payload: '', signature: '' };

describe('JwksCache', () => {
  it('caches keys, and refetches an unknown kid at most once per cooldown', async () => {
    const [k1, k2] = await Promise.all([key('k1'), key('k2')]);
    let keys = [k1];
    const jwks = await serve(() => JSON.stringify({ keys }));
    let now = 1_000_000;
    const cache = new JwksCache({ url: jwks.url, now: () => now });
    await cache.getKey(header('k1'), token);
    await cache.getKey(header('k1'), token);
    expect(jwks.hits).toBe(1);
    await expect(cache.getKey(header('k2'), token)).rejects.toBeInstanceOf(errors.JWKSNoMatchingKey);
    expect(jwks.hits).toBe(1); // the keys were fetched just now: no refetch inside the cooldown
    now += 10_000;
    await expect(cache.getKey(header('k2'), token)).rejects.toBeInstanceOf(errors.JWKSNoMatchingKey);
    expect(jwks.hits).toBe(2); // one refetch for the unknown kid
    keys = [k1, k2];
    now += 5_000;
    await expect(cache.getKey(header('k2'), token)).rejects.toBeInstanceOf(errors.JWKSNoMatchingKey);
    expect(jwks.hits).toBe(2); // inside the 10 s cooldown: no fetch
    now += 6_000;
    await cache.getKey(header('k2'), token);
    expect(jwks.hits).toBe(3);
    now += 300_001; // past the cache lifetime: refetched on next use
    await cache.getKey(header('k1'), token);
    expect(jwks.hits).toBe(4);
  });

  it('keeps verifying with stale keys while the JWKS is down, and says unavailable when none fits', async () => {
    const k1 = await key('k1');
    const jwks = await serve(() => JSON.stringify({ keys: [k1] }));
    let now = 0;
    const cache = new JwksCache({ url: jwks.url, now: () => now });
    await cache.getKey(header('k1'), token);
    jwks.status = 500;
    now += 400_000;
    await cache.getKey(header('k1'), token); // stale but fits
    await expect(cache.getKey(header('other'), token)).rejects.toBeInstanceOf(JwksUnavailableError);
  });

  it('is unavailable with no keys at all, and refuses oversize, redirecting and slow JWKS', async () => {
    const k1 = await key('k1');
    const big = await serve(() => JSON.stringify({ keys: [k1], pad: 'x'.repeat(600 * 1024) }));
    await expect(new JwksCache({ url: big.url }).getKey(header('k1'), token)).rejects.toThrow(/larger than 524288 bytes/);
    const redirect = await serve(() => '', 302, { location: 'https://example.com/jwks' });
    await expect(new JwksCache({ url: redirect.url }).getKey(header('k1'), token)).rejects.toThrow(/redirects are not followed/);
    const slow = await serve(() => '', 200, {}, true);
    await expect(new JwksCache({ url: slow.url, timeoutMs: 200 }).getKey(header('k1'), token)).rejects.toBeInstanceOf(JwksUnavailableError);
  });
});
