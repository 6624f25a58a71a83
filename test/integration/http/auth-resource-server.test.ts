// Resource-server mode end to end: JWT access tokens from a real JWKS on loopback, every failure case
// with its status and challenge, the RFC 9728 document, the SDK client in both eras, and a JWKS that
// goes down (503) and comes back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveHttpSettings } from '../../../src/main/http/settings';
import { callMeta } from '../../helpers/meta';
import { hs256WithPublicKey, makeKey, sign, startJwksServer, unsignedToken, type JwksServer, type TestKey } from './jwks-server';
import { connectClient, JSON_HEADERS, raw, settings as baseSettings, startGateway, type Running } from './support';

const AUDIENCE = 'https://mcp.example.test/mcp';
const METADATA_URL = 'https://mcp.example.test/.well-known/oauth-protected-resource/mcp';
const now = () => Math.floor(Date.now() / 1000);

describe('resource-server auth', () => {
  let jwks: JwksServer;
  let gw: Running;
  let k1: TestKey;
  let es: TestKey;
  let rogue: TestKey;
  let k2: TestKey;
  const claims = () => ({ iss: jwks.issuer, aud: AUDIENCE, sub: 'user-42', scope: 'mcp:use other', exp: now() + 3600, iat: now() });
  const post = (authorization?: string) =>
    raw({
      port: gw.http.port,
      method: 'POST',
      headers: { ...JSON_HEADERS, ...(authorization === undefined ? {} : { authorization }) },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });

  beforeAll(async () => {
    [k1, es, rogue, k2] = await Promise.all([makeKey('k1'), makeKey('es1', 'ES256'), makeKey('rogue'), makeKey('k2')]);
    jwks = await startJwksServer([k1, es]);
    const resolved = resolveHttpSettings(
      {
        auth: 'resource-server',
        'oauth-issuer': jwks.issuer,
        'oauth-jwks-url': jwks.url,
        'oauth-audience': AUDIENCE,
        'required-scope': ['mcp:use'],
        'oauth-allow-loopback-issuer': true,
      },
      { env: {}, readFile: () => '', warn: () => undefined },
    );
    gw = await startGateway(baseSettings({ auth: resolved.auth }), { tuning: { jwks: { cooldownMs: 0 } } });
  });
  afterAll(async () => {
    await gw?.stop();
    await jwks?.close();
  });

  it('accepts a valid RS256 token, an ES256 one, `scp` scopes and a token just past exp within the 60 s leeway', async () => {
    expect((await post(`Bearer ${await sign(k1, claims())}`)).status).toBe(202);
    expect((await post(`Bearer ${await sign(es, claims())}`)).status).toBe(202);
    const { scope: _scope, ...noScope } = claims();
    expect((await post(`Bearer ${await sign(k1, { ...noScope, scp: ['mcp:use'] })}`)).status).toBe(202);
    expect((await post(`Bearer ${await sign(k1, { ...claims(), exp: now() - 30 })}`)).status).toBe(202);
  });

  it('refuses each bad token with the right status and challenge', async () => {
    const cases: [string, string | undefined, number][] = [
      ['missing token', undefined, 401],
      ['not a bearer scheme', 'Basic dXNlcjpwYXNz', 401],
      ['wrong token (not a JWT)', 'Bearer not-a-jwt-at-all', 401],
      ['alg none', `Bearer ${unsignedToken(claims(), 'k1')}`, 401],
      ['HS256 signed with the public key', `Bearer ${await hs256WithPublicKey(k1, claims())}`, 401],
      ['algorithm outside the allowlist (RS512)', `Bearer ${await sign(await makeKey('k1', 'RS512'), claims())}`, 401],
      ['wrong audience', `Bearer ${await sign(k1, { ...claims(), aud: 'https://other.example.test/mcp' })}`, 401],
      ['wrong issuer', `Bearer ${await sign(k1, { ...claims(), iss: 'https://evil.example.test' })}`, 401],
      ['expired beyond the leeway', `Bearer ${await sign(k1, { ...claims(), exp: now() - 120 })}`, 401],
      ['not yet valid', `Bearer ${await sign(k1, { ...claims(), nbf: now() + 600 })}`, 401],
      ['no exp claim', `Bearer ${await sign(k1, { iss: jwks.issuer, aud: AUDIENCE, sub: 'x', scope: 'mcp:use' })}`, 401],
      ['unknown kid', `Bearer ${await sign(rogue, claims())}`, 401],
      ['known kid, wrong key', `Bearer ${await sign({ ...rogue, kid: 'k1' }, claims())}`, 401],
      ['missing scope', `Bearer ${await sign(k1, { ...claims(), scope: 'other' })}`, 403],
    ];
    for (const [name, authorization, status] of cases) {
      const res = await post(authorization);
      expect(res.status, name).toBe(status);
      const challenge = String(res.headers['www-authenticate']);
      expect(challenge, name).toContain(`resource_metadata="${METADATA_URL}"`);
      expect(challenge, name).toContain(status === 401 ? 'error="invalid_token"' : 'error="insufficient_scope", scope="mcp:use"');
      expect(res.text, name).not.toContain('eyJ');
    }
  });

  it('never fetches keys for a token whose algorithm is not allowed', async () => {
    const before = jwks.fetches;
    for (let i = 0; i < 5; i += 1) expect((await post(`Bearer ${unsignedToken(claims(), `kid-${i}`)}`)).status).toBe(401);
    expect(jwks.fetches).toBe(before);
  });

  it('serves the RFC 9728 protected-resource metadata', async () => {
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const res = await raw({ port: gw.http.port, path });
      expect(res.status).toBe(200);
      expect(res.json()).toMatchObject({ resource: AUDIENCE, authorization_servers: [jwks.issuer], scopes_supported: ['mcp:use'], bearer_methods_supported: ['header'] });
    }
  });

  it('lets the SDK client in with a valid token in both eras, under the token subject', async () => {
    const token = await sign(k1, claims());
    for (const era of ['handshake', 'stateless'] as const) {
      const { client } = await connectClient(gw.url, era, token);
      try {
        const { isError } = await callMeta(client, 'gateway.health');
        expect(isError).toBe(false);
      } finally {
        await client.close();
      }
    }
    expect(gw.identities.filter((i) => i.principal === 'user-42').length).toBeGreaterThanOrEqual(2);
  });

  it('answers 503 when the JWKS is down and no cached key fits, keeps verifying cached keys, and recovers', async () => {
    const rotated = await sign(k2, claims());
    expect((await post(`Bearer ${rotated}`)).status).toBe(401); // JWKS up, k2 not published yet
    await jwks.down();
    const down = await post(`Bearer ${rotated}`);
    expect(down.status).toBe(503);
    expect(down.headers['retry-after']).toBeDefined();
    expect((await post(`Bearer ${await sign(k1, claims())}`)).status).toBe(202); // cached k1 still fits
    jwks.keys = [k1, es, k2];
    await jwks.up();
    expect((await post(`Bearer ${rotated}`)).status).toBe(202);
  });
});
