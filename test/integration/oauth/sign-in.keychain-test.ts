// OAuth to remote MCP servers end to end, all real: oidc-provider on loopback (dynamic registration,
// PKCE, resource indicators, rotating refresh tokens, revocation), the protected MCP server fixture as a
// child process checking JWT access tokens against it, a real core with the real keychain, and an HTTP
// client standing in for the person's browser. Covers sign-in through gateway.auth_connect, renewal on a
// refused token, step-up on insufficient_scope, a revoked refresh token, a token for the wrong audience,
// metadata naming another resource, sign-out, and that no token reaches an answer, a log, health, the
// panel's pushes, the audit or a file.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startCore, type CoreUnderTest } from '../../helpers/core';
import { keychainCoreEnv } from '../../helpers/keychain-env';
import { callMeta } from '../../helpers/meta';
import { createWorkspace, type Workspace } from '../../helpers/workspace';
import { createOsKeychain } from '../../../src/main/secrets/keychain';
import { TokenRecords, type TokenRecord } from '../../../src/main/oauth/token-records';
import { requireKeychainSession } from '../secrets/helpers/keychain-session';
import { startAuthorizationServer, type AuthorizationServer } from './helpers/authorization-server';
import { openInBrowser } from './helpers/browser';
import { startResourceServer, type ResourceServer } from './helpers/resource-server';

beforeEach(requireKeychainSession);

let as: AuthorizationServer;
let docs: ResourceServer;
let otherAudience: ResourceServer;
let otherResource: ResourceServer;
let workspace: Workspace;
let core: CoreUnderTest;
let records: TokenRecords;
const answers: string[] = [];
/** Every oauthChanged the core pushed (the panel's sign-in state), for the agent's sign-ins here too. */
const signInPushes: { status: string; text: string }[] = [];
/** Every token value seen in the keychain during the run: none may appear anywhere else. */
const tokensSeen = new Set<string>();

interface Answer {
  ok: boolean;
  message?: string;
  errors?: { code: string; message: string; suggestion: string; details: Record<string, unknown> }[];
  [key: string]: unknown;
}

async function call(name: string, args: Record<string, unknown>): Promise<Answer> {
  const { body } = await callMeta<Answer>(core.client, name, args);
  answers.push(JSON.stringify(body));
  return body;
}

async function stored(url: string): Promise<TokenRecord | null> {
  const record = await records.readTokens(url);
  if (record) {
    tokensSeen.add(record.access_token);
    if (record.refresh_token) tokensSeen.add(record.refresh_token);
  }
  return record;
}

/** auth_connect, the browser approving, auth_connect again: the sign-in as an agent and a person do it. */
async function signIn(server: string, extra: Record<string, unknown> = {}): Promise<{ started: Answer; confirmed: Answer; page: string }> {
  const started = await call('gateway.auth_connect', { server_name: server, ...extra });
  expect(started).toMatchObject({ ok: true, oauth_status: 'pending', auth_mode: 'oauth' });
  const visit = await openInBrowser(String(started.authorization_url));
  const confirmed = await call('gateway.auth_connect', { server_name: server });
  return { started, confirmed, page: visit.body };
}

beforeAll(async () => {
  as = await startAuthorizationServer();
  docs = await startResourceServer(as.issuer);
  otherAudience = await startResourceServer(as.issuer, { AUDIENCE: 'http://127.0.0.1:9/another-service' });
  otherResource = await startResourceServer(as.issuer, { PRM_RESOURCE: 'http://127.0.0.1:9/another-service' });
  workspace = createWorkspace();
  workspace.writeConfig({
    mcpServers: {
      docs: { type: 'http', url: docs.url },
      'wrong-audience': { type: 'http', url: otherAudience.url },
      'wrong-resource': { type: 'http', url: otherResource.url },
    },
  });
  const env = keychainCoreEnv(workspace.home, 'oauth');
  records = new TokenRecords(createOsKeychain(String(env.GATEHOUSE_KEYCHAIN_SERVICE)));
  core = await startCore(workspace, env);
  core.gatehouse.events.on('oauthChanged', (state) => signInPushes.push({ status: state.status, text: JSON.stringify(state) }));
});

afterAll(async () => {
  await core?.close();
  for (const server of [docs, otherAudience, otherResource]) server?.stop();
  await as?.close();
  workspace?.cleanup();
});

it('refuses a call before any sign-in with E201 naming the server and the sign-in command', async () => {
  const body = await call('gateway.invoke', { tool_id: 'docs::echo', arguments: { message: 'x' } });
  const error = body.errors?.[0];
  expect(body).toMatchObject({ ok: false, auth_state: 'missing_auth', next_step: "gateway.auth_connect(server_name='docs')" });
  expect(error?.code).toBe('E201');
  expect(error?.message).toContain('Gatehouse has no OAuth sign-in for "docs"');
  expect(error?.suggestion).toContain('gatehouse auth connect docs');
});

it('signs in through the browser: registration, PKCE S256 and the resource indicator, tokens in the keychain only', async () => {
  const { started, confirmed, page } = await signIn('docs');
  const url = new URL(String(started.authorization_url));
  expect(url.origin).toBe(as.issuer);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('resource')).toBe(docs.url);
  expect(url.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/callback$/);
  expect(page).toContain('Gatehouse is signed in to docs');
  expect(confirmed).toMatchObject({ ok: true, oauth_status: 'signed_in', auth_state: 'none' });

  const record = await stored(docs.url);
  expect(Boolean(record?.refresh_token)).toBe(true);
  // RFC 8707: the token's audience is this server, and the token request named it as the resource.
  expect(decodeJwt(String(record?.access_token)).aud).toBe(docs.url);
  expect(as.resourcesRequested).toContain(docs.url);

  const echo = await call('gateway.invoke', { tool_id: 'docs::echo', arguments: { message: 'hello' } });
  expect(echo).toMatchObject({ ok: true });
  expect(JSON.stringify(echo.result)).toContain('docs for alice: hello');
});

it('renews a token the server refuses and retries the call with the new one', async () => {
  const before = await stored(docs.url);
  expect((await call('gateway.invoke', { tool_id: 'docs::revoke_current' })).ok).toBe(true);
  const echo = await call('gateway.invoke', { tool_id: 'docs::echo', arguments: { message: 'after renewal' } });
  expect(echo).toMatchObject({ ok: true });
  const after = await stored(docs.url);
  // Compared as booleans: a failing assertion must not print a token.
  expect(after?.access_token === before?.access_token).toBe(false);
  // Rotation: the refresh token was replaced too.
  expect(after?.refresh_token === before?.refresh_token).toBe(false);
});

it('steps up on insufficient_scope: E201 first, then a sign-in that asks for the wider scope', async () => {
  const refused = await call('gateway.invoke', { tool_id: 'docs::admin' });
  expect(refused).toMatchObject({ ok: false, auth_state: 'insufficient_scope', next_step: "gateway.auth_connect(server_name='docs')" });
  expect(refused.errors?.[0]?.suggestion).toContain('sign in again to grant the scope');
  expect((await stored(docs.url))?.required_scope?.split(' ')).toContain('docs:admin');

  const { started, confirmed } = await signIn('docs');
  expect(new URL(String(started.authorization_url)).searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['docs:read', 'docs:admin']));
  expect(confirmed).toMatchObject({ ok: true, oauth_status: 'signed_in' });
  expect((await stored(docs.url))?.required_scope).toBeNull();
  expect(await call('gateway.invoke', { tool_id: 'docs::admin' })).toMatchObject({ ok: true });
});

it('reports a revoked refresh token as an ended sign-in naming the server and "gatehouse auth connect"', async () => {
  const record = await stored(docs.url);
  const refresh = await as.provider.RefreshToken.find(String(record?.refresh_token));
  await refresh?.destroy();
  expect((await call('gateway.invoke', { tool_id: 'docs::revoke_current' })).ok).toBe(true);
  const body = await call('gateway.invoke', { tool_id: 'docs::echo', arguments: { message: 'x' } });
  const error = body.errors?.[0];
  expect(body).toMatchObject({ ok: false, auth_state: 'missing_auth', next_step: "gateway.auth_connect(server_name='docs')" });
  expect(error?.code).toBe('E201');
  expect(error?.message).toContain('the sign-in for "docs" has ended: the authorization server refused to renew it');
  expect(error?.suggestion).toContain('sign in again with "');
  expect(error?.suggestion).toContain('gatehouse auth connect docs');
  // The refused tokens are gone from the keychain; signing in again works.
  expect((await stored(docs.url)) === null).toBe(true);
  expect((await signIn('docs')).confirmed).toMatchObject({ ok: true, oauth_status: 'signed_in' });
  expect(await call('gateway.invoke', { tool_id: 'docs::echo', arguments: { message: 'back' } })).toMatchObject({ ok: true });
});

it('reports a server that refuses even a fresh token (another audience) instead of renewing forever', async () => {
  expect((await signIn('wrong-audience')).confirmed).toMatchObject({ ok: true });
  const body = await call('gateway.invoke', { tool_id: 'wrong-audience::echo', arguments: { message: 'x' } });
  expect(body).toMatchObject({ ok: false, auth_state: 'missing_auth' });
  expect(body.errors?.[0]?.code).toBe('E201');
  expect(body.errors?.[0]?.message).toContain('"wrong-audience" refused a token its authorization server had just issued');
  await stored(otherAudience.url);
});

it('refuses to request a token when the metadata names another resource', async () => {
  const body = await call('gateway.auth_connect', { server_name: 'wrong-resource' });
  expect(body).toMatchObject({ ok: false, oauth_status: 'failed' });
  expect(body.message).toContain('names http://127.0.0.1:9/another-service, not this server');
  expect((await stored(otherResource.url)) === null).toBe(true);
});

it('signs out: revokes at the authorization server, deletes the tokens, and the next call asks to sign in', async () => {
  const record = await stored(docs.url);
  const body = await call('gateway.auth_connect', { server_name: 'docs', auth_mode: 'sign_out' });
  // oidc-provider revokes the refresh token (the grant); its JWT access tokens are self-contained.
  expect(body).toMatchObject({ ok: true, oauth_status: 'signed_out', revoked: ['refresh_token'] });
  expect(body.message).toContain('the access token cannot be revoked');
  expect((await stored(docs.url)) === null).toBe(true);
  expect((await as.provider.RefreshToken.find(String(record?.refresh_token))) === undefined).toBe(true);
  const after = await call('gateway.invoke', { tool_id: 'docs::echo', arguments: { message: 'x' } });
  expect(after.errors?.[0]?.message).toContain('Gatehouse has no OAuth sign-in for "docs"');
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

it('never lets a token reach an answer, a log line, health, the panel pushes, the audit or a file', async () => {
  const health = await call('gateway.health', { verbose: true });
  expect(tokensSeen.size).toBeGreaterThan(5);
  const surfaces: [string, string][] = [
    ['answers', answers.join('\n')],
    ['logs', core.logs.join('\n')],
    ['health', JSON.stringify(health)],
    ['snapshots', JSON.stringify(core.snapshots)],
    ['panel health', JSON.stringify(await core.gatehouse.api.listHealth({}))],
    ['panel logs', JSON.stringify(await core.gatehouse.api.listLogs({ limit: 1000 }))],
    ['panel sign-in pushes', signInPushes.map((push) => push.text).join('\n')],
    ['audit', JSON.stringify(core.gatehouse.audit.getAuditEvents())],
    ...filesUnder(workspace.root).map((file): [string, string] => [file, readFileSync(file, 'latin1')]),
  ];
  for (const [where, text] of surfaces) {
    for (const token of tokensSeen) expect(text.includes(token), `a token appeared in ${where}`).toBe(false);
  }
  // The agent's sign-ins above were pushed to the panel as they happened (so the check above saw them).
  expect(signInPushes.map((push) => push.status)).toEqual(expect.arrayContaining(['waiting', 'signed_in', 'signed_out']));
});
