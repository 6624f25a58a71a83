// /mcp in both protocol eras with the real SDK client and a real core: handshake sessions (id, 404,
// DELETE, principal binding, idle expiry never with work in flight) and stateless 2026-07-28 requests.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../helpers/core';
import { callMeta } from '../../helpers/meta';
import { connectClient, firstMessage, INITIALIZE, JSON_HEADERS, MODERN_META, openSession, postModern, raw, startGateway, type Running } from './support';

// Other owners add meta-tools; what matters here is that both eras list the same gateway.* surface.
const CORE_TOOLS = ['gateway.catalog_search', 'gateway.describe', 'gateway.health', 'gateway.invoke'];
let handshakeTools: string[] = [];

describe('both eras on one endpoint', () => {
  let gw: Running;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(async () => gw?.stop());

  it('serves a handshake-era SDK client in a session with a 256-bit id', async () => {
    const { client, transport } = await connectClient(gw.url, 'handshake');
    try {
      expect(transport.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
      handshakeTools = (await client.listTools()).tools.map((t) => t.name);
      expect(handshakeTools).toEqual(expect.arrayContaining(CORE_TOOLS));
      const { body } = await callMeta<{ gateway_diagnostics: { transport: string } }>(client, 'gateway.health');
      expect(body.gateway_diagnostics.transport).toBe('http');
      expect(gw.http.sessionIdentity(transport.sessionId!)).toMatchObject({ principal: 'anonymous', sessionId: transport.sessionId });
    } finally {
      await client.close();
    }
  });

  it('serves a 2026-07-28 SDK client statelessly: no session, one server per request', async () => {
    const before = gw.http.sessionCount;
    const { client, transport } = await connectClient(gw.url, 'stateless');
    try {
      expect(transport.sessionId).toBeUndefined();
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(handshakeTools);
      const { body, isError } = await callMeta<{ servers: { name: string }[] }>(client, 'gateway.health');
      expect(isError).toBe(false);
      expect(body.servers.map((s) => s.name)).toContain('everything');
      expect(gw.http.sessionCount).toBe(before);
      expect(gw.identities.some((i) => i.sessionId === null && i.principal === 'anonymous')).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('negotiates per server: an auto client gets the stateless era from Gatehouse', async () => {
    const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
    const transport = new StreamableHTTPClientTransport(gw.url);
    const client = new Client({ name: 'auto', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(transport);
    try {
      expect(transport.sessionId).toBeUndefined();
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(handshakeTools);
    } finally {
      await client.close();
    }
  });

  it('answers server/discover and refuses a stateless request whose headers disagree with the body', async () => {
    const port = gw.http.port;
    const discover = await postModern(port, 'server/discover', 'd');
    expect(discover.status).toBe(200);
    expect(firstMessage(discover)).toMatchObject({ id: 'd', result: { supportedVersions: expect.arrayContaining(['2026-07-28']) } });
    const mismatch = await raw({
      port,
      method: 'POST',
      headers: { ...JSON_HEADERS, 'mcp-method': 'tools/list' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 'm', method: 'tools/list', params: { _meta: MODERN_META } }),
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json()).toMatchObject({ id: 'm', error: { code: -32020 } });
  });

  it('answers GET and DELETE of the stateless era with 405, and session-less handshake requests with 400', async () => {
    const port = gw.http.port;
    for (const method of ['GET', 'DELETE']) {
      const res = await raw({ port, method, headers: { accept: 'text/event-stream', 'mcp-protocol-version': '2026-07-28' } });
      expect(res.status).toBe(405);
    }
    const noSession = await raw({ port, method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }) });
    expect(noSession.status).toBe(400);
    expect(noSession.json()).toMatchObject({ id: 7, error: { code: -32000 } });
    const initialized = await raw({ port, method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
    expect(initialized.status).toBe(202);
  });

  it('gives 404 for an unknown session and ends a session on DELETE', async () => {
    const port = gw.http.port;
    const unknown = await raw({ port, method: 'POST', headers: { ...JSON_HEADERS, 'mcp-session-id': 'x'.repeat(43) }, body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }) });
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toMatchObject({ id: 3, error: { code: -32001 } });

    const id = await openSession(port);
    const list = await raw({ port, method: 'POST', headers: { ...JSON_HEADERS, 'mcp-session-id': id }, body: JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/list' }) });
    expect(firstMessage(list)).toMatchObject({ id: 4, result: { tools: expect.any(Array) } });
    const deleted = await raw({ port, method: 'DELETE', headers: { 'mcp-session-id': id } });
    expect(deleted.status).toBe(200);
    expect(gw.http.sessionIdentity(id)).toBeUndefined();
    const after = await raw({ port, method: 'POST', headers: { ...JSON_HEADERS, 'mcp-session-id': id }, body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list' }) });
    expect(after.status).toBe(404);
  });

  it('refuses a second initialize on an open session', async () => {
    const port = gw.http.port;
    const id = await openSession(port);
    const again = await raw({ port, method: 'POST', headers: { ...JSON_HEADERS, 'mcp-session-id': id }, body: JSON.stringify(INITIALIZE) });
    expect(again.status).toBe(400);
  });
});

describe('session ownership and expiry', () => {
  let gw: Running;
  const busy = new Set<string>();
  const closed: string[] = [];
  beforeAll(async () => {
    gw = await startGateway(
      { auth: { mode: 'shared-secret', tokens: [{ principal: 'alice', token: 'alice-token-0123456789' }, { principal: 'bob', token: 'bob-token-0123456789ab' }] } },
      {
        tuning: { sessionIdleMs: 0 },
        hooks: { hasPendingWork: (id) => busy.has(id), onSessionClosed: (identity, reason) => closed.push(`${identity.principal}:${reason}`) },
      },
    );
  });
  afterAll(async () => gw?.stop());

  it('binds a session to its principal: another token using the id gets 404', async () => {
    const port = gw.http.port;
    const id = await openSession(port, { authorization: 'Bearer alice-token-0123456789' });
    expect(gw.http.sessionIdentity(id)).toMatchObject({ principal: 'alice', principalKind: 'token' });
    const asBob = await raw({ port, method: 'POST', headers: { ...JSON_HEADERS, authorization: 'Bearer bob-token-0123456789ab', 'mcp-session-id': id }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    expect(asBob.status).toBe(404);
    const asAlice = await raw({ port, method: 'POST', headers: { ...JSON_HEADERS, authorization: 'Bearer alice-token-0123456789', 'mcp-session-id': id }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) });
    expect(asAlice.status).toBe(200);
  });

  it('expires idle sessions, but never one with pending work', async () => {
    const port = gw.http.port;
    const auth = { authorization: 'Bearer alice-token-0123456789' };
    const idle = await openSession(port, auth);
    const working = await openSession(port, auth);
    busy.add(working);
    await gw.http.expireIdleSessions();
    expect(gw.http.sessionIdentity(idle)).toBeUndefined();
    expect(gw.http.sessionIdentity(working)).toBeDefined();
    expect(closed).toContain('alice:expired');
    const gone = await raw({ port, method: 'POST', headers: { ...JSON_HEADERS, ...auth, 'mcp-session-id': idle }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    expect(gone.status).toBe(404);
    busy.delete(working);
    await gw.http.expireIdleSessions();
    expect(gw.http.sessionIdentity(working)).toBeUndefined();
  });

  it('never expires a session whose client holds its GET stream open', async () => {
    const port = gw.http.port;
    const auth = { authorization: 'Bearer alice-token-0123456789' };
    const id = await openSession(port, auth);
    const stream = await new Promise<{ close(): void }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/mcp', headers: { host: `127.0.0.1:${port}`, accept: 'text/event-stream', 'mcp-session-id': id, ...auth } }, (res) => {
        expect(res.statusCode).toBe(200);
        resolve({ close: () => req.destroy() });
      });
      req.on('error', reject);
      req.end();
    });
    await gw.http.expireIdleSessions();
    expect(gw.http.sessionIdentity(id)).toBeDefined();
    stream.close();
    await waitFor(async () => (await gw.http.expireIdleSessions()) === 1, 'the session to expire once the stream is gone');
    expect(gw.http.sessionIdentity(id)).toBeUndefined();
  });
});
