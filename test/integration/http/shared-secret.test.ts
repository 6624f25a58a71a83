// Shared-secret mode: Bearer tokens from a token file with named principals, the instance token, and
// what /health and /metrics show to whom.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMeta } from '../../helpers/meta';
import { connectClient, JSON_HEADERS, openSession, raw, startGateway, type Running } from './support';

const ALICE = 'alice-secret-token-0001';
const BOB = 'bob-secret-token-000002';
const INSTANCE = 'instance-token-abcdefghijklmnopqrstuvwxyz012345';
const LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

describe('shared-secret mode', () => {
  let gw: Running;
  beforeAll(async () => {
    gw = await startGateway(
      { auth: { mode: 'shared-secret', tokens: [{ principal: 'alice', token: ALICE }, { principal: 'bob', token: BOB }] } },
      { instanceToken: INSTANCE },
    );
  });
  afterAll(async () => gw?.stop());

  it('refuses a missing or wrong token with 401 and a Bearer challenge', async () => {
    const port = gw.http.port;
    const missing = await raw({ port, method: 'POST', headers: JSON_HEADERS, body: LIST });
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    for (const authorization of [`Bearer ${ALICE}x`, `Bearer ${ALICE.slice(0, -1)}`, `bearer`, `Token ${ALICE}`, `Bearer ${ALICE} extra`]) {
      const wrong = await raw({ port, method: 'POST', headers: { ...JSON_HEADERS, authorization }, body: LIST });
      expect(wrong.status, authorization.replace(ALICE, '<alice>')).toBe(401);
      expect(wrong.text).not.toContain(ALICE);
    }
  });

  it('lets each named token in as its own principal, in both eras', async () => {
    for (const [token, name] of [[ALICE, 'alice'], [BOB, 'bob']] as const) {
      for (const era of ['handshake', 'stateless'] as const) {
        const { client } = await connectClient(gw.url, era, token);
        try {
          expect((await callMeta(client, 'gateway.health')).isError).toBe(false);
        } finally {
          await client.close();
        }
        expect(gw.identities.at(-1)?.principal).toBe(name);
      }
    }
  });

  it('accepts the per-run instance token as the principal `local`', async () => {
    const id = await openSession(gw.http.port, { authorization: `Bearer ${INSTANCE}` });
    expect(gw.http.sessionIdentity(id)).toMatchObject({ principal: 'local', principalKind: 'local' });
  });

  it('keeps /health open and secret-free, with diagnostics only for a valid credential', async () => {
    const port = gw.http.port;
    const anonymous = await raw({ port, path: '/health' });
    expect(anonymous.status).toBe(200);
    expect(anonymous.json()).toEqual({ ok: true, version: expect.any(String), transport: 'http' });
    const wrong = await raw({ port, path: '/health', headers: { authorization: 'Bearer nope-nope-nope-nope' } });
    expect(wrong.json()).toEqual({ ok: true, version: expect.any(String), transport: 'http' });
    const authed = await raw({ port, path: '/health', headers: { authorization: `Bearer ${ALICE}` } });
    expect(authed.json()).toMatchObject({ ok: true, gateway_diagnostics: { pid: process.pid, auth_mode: 'shared-secret', sessions: expect.any(Number) } });
    for (const res of [anonymous, wrong, authed]) {
      expect(res.text).not.toContain(ALICE);
      expect(res.text).not.toContain(INSTANCE);
    }
  });

  it('guards /metrics like /mcp and serves Prometheus text with the contract series', async () => {
    const port = gw.http.port;
    expect((await raw({ port, path: '/metrics' })).status).toBe(401);
    const { client } = await connectClient(gw.url, 'handshake', ALICE);
    try {
      await callMeta(client, 'gateway.health');
      await client.callTool({ name: 'gateway.invoke', arguments: { tool_id: 'everything::echo', arguments: { message: 'metrics' } } });
    } finally {
      await client.close();
    }
    const res = await raw({ port, path: '/metrics', headers: { authorization: `Bearer ${BOB}` } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    const text = res.text;
    expect(text).toMatch(/^gatehouse_http_requests_total\{code="401"\} \d+$/m);
    expect(text).toMatch(/^gatehouse_tool_calls_total\{server="gateway",outcome="ok"\} \d+$/m);
    expect(text).toMatch(/^gatehouse_tool_calls_total\{server="everything",outcome="ok"\} 1$/m);
    expect(text).toMatch(/^gatehouse_tool_call_duration_seconds_bucket\{server="everything",le="\+Inf"\} 1$/m);
    expect(text).toMatch(/^gatehouse_pending_requests \d+$/m);
    expect(text).toMatch(/^gatehouse_downstream_servers\{status="online"\} 1$/m);
    expect(text).not.toContain(ALICE);
  });

  it('records audit events per session with redacted errors, and refusals as gateway-level events', async () => {
    const { client, transport } = await connectClient(gw.url, 'handshake', ALICE);
    let sessionId: string;
    try {
      sessionId = transport.sessionId!;
      await client.callTool({ name: 'gateway.invoke', arguments: { tool_id: 'everything::nope', arguments: {} } });
    } finally {
      await client.close();
    }
    await raw({ port: gw.http.port, method: 'POST', headers: { ...JSON_HEADERS, authorization: `Bearer wrong-${ALICE}` }, body: LIST });
    const events = gw.http.getAuditEvents(sessionId, 'alice');
    const call = events.find((e) => e.session_id === sessionId && e.method === 'tools/call');
    expect(call).toMatchObject({ principal: 'alice', tool: 'everything::nope', server: 'everything', outcome: 'tool_error', auth_state: 'authenticated' });
    expect(call?.latency_ms).toBeGreaterThanOrEqual(0);
    expect(events.some((e) => e.session_id === null && e.outcome === 'unauthorized' && e.auth_state === 'invalid')).toBe(true);
    expect(events.every((e) => e.session_id === sessionId || e.session_id === null)).toBe(true);
    expect(JSON.stringify(gw.http.getAuditEvents())).not.toContain(ALICE);
    // Bob's view holds none of Alice's session events.
    expect(gw.http.getAuditEvents('bob-session', 'bob').some((e) => e.principal === 'alice')).toBe(false);
  });
});
