// Session ownership compares who authenticated and how, never a bare name (issue 11, item 11): in
// resource-server mode a JWT whose `sub` is "local" is not the holder of the per-run instance token,
// a `sub` and a `client_id` of the same value are different principals, and neither can use a session
// (or see the stateless work) of the other. Real JWTs signed with jose, a loopback JWKS, the real listener.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newInstanceToken } from '../../../src/main/state/instance-file';
import { resolveHttpSettings } from '../../../src/main/http/settings';
import { waitFor } from '../../helpers/core';
import { callMeta } from '../../helpers/meta';
import { faultServer } from '../../helpers/workspace';
import { makeKey, sign, startJwksServer, type JwksServer, type TestKey } from './jwks-server';
import { connectClient, JSON_HEADERS, openSession, raw, settings as baseSettings, startGateway, type Running } from './support';

const AUDIENCE = 'https://mcp.example.test/mcp';
const now = () => Math.floor(Date.now() / 1000);

describe('session ownership across auth methods', () => {
  let jwks: JwksServer;
  let gw: Running;
  let key: TestKey;
  const instanceToken = newInstanceToken();
  const jwt = (claims: Record<string, unknown>) =>
    sign(key, { iss: jwks.issuer, aud: AUDIENCE, scope: 'mcp:use', exp: now() + 3600, iat: now(), ...claims });
  const toolsList = (sessionId: string, token: string, id: number) =>
    raw({
      port: gw.http.port,
      method: 'POST',
      headers: { ...JSON_HEADERS, authorization: `Bearer ${token}`, 'mcp-session-id': sessionId },
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' }),
    });

  beforeAll(async () => {
    key = await makeKey('k1');
    jwks = await startJwksServer([key]);
    const resolved = resolveHttpSettings(
      { auth: 'resource-server', 'oauth-issuer': jwks.issuer, 'oauth-jwks-url': jwks.url, 'oauth-audience': AUDIENCE, 'oauth-allow-loopback-issuer': true },
      { env: {}, readFile: () => '', warn: () => undefined },
    );
    gw = await startGateway(baseSettings({ auth: resolved.auth }), { instanceToken, coreWiring: true, servers: { fault: faultServer() } });
  });
  afterAll(async () => {
    await gw?.stop();
    await jwks?.close();
  });

  it('refuses a JWT with sub "local" the session opened with the instance token (404), and the reverse', async () => {
    const local = await openSession(gw.http.port, { authorization: `Bearer ${instanceToken}` });
    const named = await jwt({ sub: 'local' });
    const hijack = await toolsList(local, named, 2);
    expect(hijack.status).toBe(404);
    expect(hijack.json()).toMatchObject({ error: { code: -32001 } });
    expect((await toolsList(local, instanceToken, 3)).status).toBe(200);

    const jwtSession = await openSession(gw.http.port, { authorization: `Bearer ${named}` });
    expect((await toolsList(jwtSession, instanceToken, 4)).status).toBe(404);
    expect((await toolsList(jwtSession, named, 5)).status).toBe(200);
  });

  it('keeps a subject and a client id of the same value apart, and binds a session to the token subject', async () => {
    const asSubject = await jwt({ sub: 'svc-7' });
    const asClient = await jwt({ client_id: 'svc-7' });
    const id = await openSession(gw.http.port, { authorization: `Bearer ${asSubject}` });
    expect((await toolsList(id, asClient, 2)).status).toBe(404);
    // Another token of the same subject (a refreshed access token) keeps the session.
    expect((await toolsList(id, await jwt({ sub: 'svc-7', iat: now() - 5 }), 3)).status).toBe(200);
  });

  it('keeps stateless work apart too: a JWT with sub "local" does not see the instance token holder\'s pending call', async () => {
    const { client: owner } = await connectClient(gw.url, 'stateless', instanceToken);
    const { client: other } = await connectClient(gw.url, 'stateless', await jwt({ sub: 'local' }));
    try {
      const pending = callMeta(owner, 'gateway.invoke', { tool_id: 'fault::silent', arguments: {}, options: { timeout_ms: 60_000 } });
      pending.catch(() => undefined); // awaited below; a failed assertion first must not leave it unhandled
      type Pending = { total_pending: number; requests: { request_id: string }[] };
      const mine = await waitFor(async () => {
        const { body } = await callMeta<Pending>(owner, 'gateway.list_pending');
        return body.total_pending === 1 ? body : undefined;
      }, 'the silent call to be pending');
      const seen = await callMeta<Pending>(other, 'gateway.list_pending');
      expect(seen.body.total_pending).toBe(0);
      await callMeta(owner, 'gateway.cancel', { request_id: mine.requests[0]!.request_id, force: true });
      expect((await pending).body).toMatchObject({ ok: false });
    } finally {
      await owner.close();
      await other.close();
    }
  });
});
