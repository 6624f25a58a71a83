// The checks before any body is read, in the contract's order: Host, Origin, rate limit, declared size,
// auth; then the counted body read, the batch refusal and the request timeout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_HEADERS, openSession, raw, startGateway, type Running } from './support';

const LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

describe('Host and Origin (DNS rebinding and browsers)', () => {
  let gw: Running;
  beforeAll(async () => {
    gw = await startGateway({ allowedOrigins: ['https://panel.example.com'] });
  });
  afterAll(async () => gw?.stop());

  it('refuses a rebinding Host on every path with 403', async () => {
    const port = gw.http.port;
    for (const path of ['/mcp', '/health', '/metrics', '/nowhere']) {
      const res = await raw({ port, path, method: path === '/mcp' ? 'POST' : 'GET', headers: { host: `evil.example:${port}`, ...JSON_HEADERS }, body: path === '/mcp' ? LIST : undefined });
      expect(res.status, path).toBe(403);
    }
  });

  it('refuses Host values that only look like loopback', async () => {
    const port = gw.http.port;
    for (const host of [`127.0.0.1:${port + 1}`, `evil@127.0.0.1:${port}`, `localhost.evil.example:${port}`, `127.0.0.1:${port}/x`, `127.0.0.1`]) {
      const res = await raw({ port, path: '/health', headers: { host } });
      expect(res.status, host).toBe(403);
    }
  });

  it('accepts loopback Host names on the bound port', async () => {
    const port = gw.http.port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      expect((await raw({ port, path: '/health', headers: { host } })).status, host).toBe(200);
    }
  });

  it('refuses an evil, null or unparseable Origin with 403 and accepts loopback, listed and absent ones', async () => {
    const port = gw.http.port;
    const post = (origin?: string) => raw({ port, method: 'POST', headers: { ...JSON_HEADERS, ...(origin === undefined ? {} : { origin }) }, body: LIST });
    for (const origin of ['https://evil.example', 'null', 'not a url', 'file:///etc/passwd', 'https://panel.example.com.evil.example']) {
      expect((await post(origin)).status, origin).toBe(403);
    }
    // Allowed origins pass the gate; the answer is then the session rule (400: no session yet).
    for (const origin of [undefined, `http://localhost:${port}`, 'http://127.0.0.1:5173', 'https://panel.example.com']) {
      expect((await post(origin)).status, String(origin)).toBe(400);
    }
  });
});

describe('rate limit, sizes, batches', () => {
  let gw: Running;
  beforeAll(async () => {
    gw = await startGateway({
      rateLimitPerMinute: 5,
      maxBodyBytes: 64 * 1024,
      auth: { mode: 'shared-secret', tokens: [{ principal: 'default', token: 'a-very-secret-token-123' }] },
    });
  });
  afterAll(async () => gw?.stop());

  it('trips the per-IP limit with 429 and Retry-After, before auth (failed logins are throttled)', async () => {
    const port = gw.http.port;
    const statuses: number[] = [];
    let retryAfter: string | string[] | undefined;
    for (let i = 0; i < 7; i += 1) {
      const res = await raw({ port, method: 'POST', headers: { ...JSON_HEADERS, authorization: 'Bearer wrong-token-000000000' }, body: LIST });
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers['retry-after'];
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    // The limit is per client key: the same address is throttled on every path.
    expect((await raw({ port, path: '/health' })).status).toBe(429);
  });
});

describe('body size and framing', () => {
  let gw: Running;
  const token = 'a-very-secret-token-123';
  beforeAll(async () => {
    gw = await startGateway({ maxBodyBytes: 64 * 1024, auth: { mode: 'shared-secret', tokens: [{ principal: 'default', token }] } });
  });
  afterAll(async () => gw?.stop());

  it('refuses a declared oversize body with 413 before auth', async () => {
    const res = await raw({ port: gw.http.port, method: 'POST', headers: { ...JSON_HEADERS, 'content-length': String(64 * 1024 + 1) }, body: 'x'.repeat(64 * 1024 + 1) });
    expect(res.status).toBe(413);
  });

  it('refuses an oversize chunked body (no Content-Length) with 413 after auth', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(200 * 1024) } });
    const unauthenticated = await raw({ port: gw.http.port, method: 'POST', headers: JSON_HEADERS, body, chunked: true });
    expect(unauthenticated.status).toBe(401);
    const res = await raw({ port: gw.http.port, method: 'POST', headers: { ...JSON_HEADERS, authorization: `Bearer ${token}` }, body, chunked: true });
    expect(res.status).toBe(413);
  });

  it('refuses JSON-RPC batches, invalid JSON and non-JSON content types', async () => {
    const headers = { ...JSON_HEADERS, authorization: `Bearer ${token}` };
    const port = gw.http.port;
    const batch = await raw({ port, method: 'POST', headers, body: JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { jsonrpc: '2.0', id: 2, method: 'ping' }]) });
    expect(batch.status).toBe(400);
    expect(batch.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    const broken = await raw({ port, method: 'POST', headers, body: '{"jsonrpc":"2.0","id":1,' });
    expect(broken.json()).toMatchObject({ id: null, error: { code: -32700 } });
    const text = await raw({ port, method: 'POST', headers: { ...headers, 'content-type': 'text/plain' }, body: LIST });
    expect(text.status).toBe(415);
  });

  it('passes a body under the cap through to the session', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const id = await openSession(gw.http.port, auth);
    const res = await raw({ port: gw.http.port, method: 'POST', headers: { ...JSON_HEADERS, ...auth, 'mcp-session-id': id }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: { pad: 'x'.repeat(32 * 1024) } } }) });
    expect(res.status).toBe(200);
  });
});
