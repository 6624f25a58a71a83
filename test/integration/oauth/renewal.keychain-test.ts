// Renewal before expiry, with Gatehouse's clock in the test's hand (the authorization server and the
// resource server keep real time): the real connect path (openConnection with RemoteOAuth) against the
// JWT-checking MCP fixture and oidc-provider, tokens in the real keychain. A token far from expiry is sent
// as it is; one within the renewal margin is renewed before the request, so the server never sees it.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { RemoteServerDefinition } from '../../../src/main/config/types';
import { RemoteOAuth } from '../../../src/main/oauth/remote-oauth';
import { TokenRecords } from '../../../src/main/oauth/token-records';
import { createOsKeychain } from '../../../src/main/secrets/keychain';
import { openConnection, type Connection } from '../../../src/main/supervisor/connect';
import { LogRing } from '../../../src/main/supervisor/log-ring';
import { requireKeychainSession } from '../secrets/helpers/keychain-session';
import { startAuthorizationServer, type AuthorizationServer } from './helpers/authorization-server';
import { openInBrowser } from './helpers/browser';
import { startResourceServer, type ResourceServer } from './helpers/resource-server';

beforeEach(requireKeychainSession);

let as: AuthorizationServer;
let docs: ResourceServer;
let oauth: RemoteOAuth;
let records: TokenRecords;
let connection: Connection | null = null;
let clock = Date.now();

const definition = (url: string): RemoteServerDefinition => ({
  name: 'docs',
  transport: 'http',
  url,
  headers: {},
  source: 'project',
  sourcePath: null,
  startupPolicy: 'lazy',
});

const text = (result: unknown) => JSON.stringify((result as { content: unknown }).content);

beforeAll(async () => {
  as = await startAuthorizationServer({ accessTokenTtl: 600 });
  docs = await startResourceServer(as.issuer);
  const backend = createOsKeychain(`dev.gatehouse.renewal.${randomBytes(4).toString('hex')}`);
  records = new TokenRecords(backend);
  oauth = new RemoteOAuth({ backend, now: () => clock });
});

afterAll(async () => {
  await connection?.client.close();
  docs?.stop();
  await as?.close();
});

it('sends a fresh token unchanged and renews one about to expire before the request', async () => {
  const server = definition(docs.url);
  const session = await oauth.signIn(server);
  await openInBrowser(String(session.authorizationUrl));
  expect(await session.done).toMatchObject({ ok: true });
  const signedIn = await records.readTokens(docs.url);
  expect(signedIn?.expires_at).toBeGreaterThan(clock);

  connection = await openConnection(server, { gatewayEnv: {}, stderr: new LogRing(), timeoutMs: 20_000, onTransportError: () => undefined, oauth });
  expect(text(await connection.client.callTool({ name: 'echo', arguments: { message: 'one' } }))).toContain('docs for alice: one');
  // Compared as booleans: a failing assertion must not print a token.
  expect((await records.readTokens(docs.url))?.access_token === signedIn?.access_token).toBe(true);
  // Refusals so far: the sign-in's own unauthenticated request for the server's challenge, before any token.
  const refusedBefore = text(await connection.client.callTool({ name: 'stats', arguments: {} }));
  expect(refusedBefore).toBe(JSON.stringify([{ type: 'text', text: '{"no_token":1}' }]));

  // Gatehouse's clock reaches the last seconds of the token's life: the next request renews first.
  clock = Number(signedIn?.expires_at) - 5_000;
  expect(text(await connection.client.callTool({ name: 'echo', arguments: { message: 'two' } }))).toContain('docs for alice: two');
  const renewed = await records.readTokens(docs.url);
  expect(renewed?.access_token === signedIn?.access_token).toBe(false);
  expect(renewed?.expires_at).toBeGreaterThan(clock);

  // The server never had to refuse a token: no 401 at all since the sign-in.
  expect(text(await connection.client.callTool({ name: 'stats', arguments: {} }))).toBe(refusedBefore);
});
