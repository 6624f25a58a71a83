// How Gatehouse finds and names the protected resource when it signs in, all real: oidc-provider on
// loopback, the protected MCP server fixture as a child process, a real core with the real keychain.
// - A pathless resource identifier in the metadata ("http://host:port") is sent byte for byte as the
//   RFC 8707 resource, not as the URL parser's "http://host:port/" (conformance auth/metadata-var2).
// - Metadata published at a custom location, named only by the server's WWW-Authenticate challenge, is
//   found from that challenge (conformance auth/metadata-var3), also by a sign-in in a process that has
//   not connected to the server (the CLI's): it asks the server for its challenge first.
import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startCore, type CoreUnderTest } from '../../helpers/core';
import { keychainCoreEnv } from '../../helpers/keychain-env';
import { createWorkspace, type Workspace } from '../../helpers/workspace';
import type { RemoteServerDefinition } from '../../../src/main/config/types';
import { RemoteOAuth } from '../../../src/main/oauth/remote-oauth';
import { createOsKeychain } from '../../../src/main/secrets/keychain';
import { TokenRecords } from '../../../src/main/oauth/token-records';
import { requireKeychainSession } from '../secrets/helpers/keychain-session';
import { startAuthorizationServer, type AuthorizationServer } from './helpers/authorization-server';
import { openInBrowser } from './helpers/browser';
import { metaCaller, signInThroughBrowser } from './helpers/meta-calls';
import { startResourceServer, type ResourceServer } from './helpers/resource-server';

beforeEach(requireKeychainSession);

let as: AuthorizationServer;
let pathless: ResourceServer;
let custom: ResourceServer;
let workspace: Workspace;
let core: CoreUnderTest;
let records: TokenRecords;

const call = metaCaller(() => core);

beforeAll(async () => {
  as = await startAuthorizationServer();
  pathless = await startResourceServer(as.issuer, { PRM_RESOURCE: '{origin}', AUDIENCE: '{origin}' });
  custom = await startResourceServer(as.issuer, { PRM_PATH: '/custom/metadata/location.json' });
  workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: { pathless: { type: 'http', url: pathless.url }, custom: { type: 'http', url: custom.url } } });
  const env = keychainCoreEnv(workspace.home, 'oauth-discovery');
  records = new TokenRecords(createOsKeychain(String(env.GATEHOUSE_KEYCHAIN_SERVICE)));
  core = await startCore(workspace, env);
});

afterAll(async () => {
  await core?.close();
  pathless?.stop();
  custom?.stop();
  await as?.close();
  workspace?.cleanup();
});

it('sends a pathless resource identifier exactly as the metadata publishes it', async () => {
  const started = await call('gateway.auth_connect', { server_name: 'pathless' });
  expect(started).toMatchObject({ ok: true, oauth_status: 'pending' });
  expect(new URL(String(started.authorization_url)).searchParams.get('resource')).toBe(pathless.origin);
  await openInBrowser(String(started.authorization_url));
  expect(await call('gateway.auth_connect', { server_name: 'pathless' })).toMatchObject({ ok: true, oauth_status: 'signed_in' });
  // The token request named the same string, so the token's audience is what the server expects.
  expect(as.resourcesRequested).toContain(pathless.origin);
  expect(as.resourcesRequested).not.toContain(`${pathless.origin}/`);
  expect(decodeJwt(String((await records.readTokens(pathless.url))?.access_token)).aud).toBe(pathless.origin);
  const echo = await call('gateway.invoke', { tool_id: 'pathless::echo', arguments: { message: 'hi' } });
  expect(echo).toMatchObject({ ok: true });
});

it('finds metadata at the location the server challenge names when no well-known path has it', async () => {
  const refused = await call('gateway.invoke', { tool_id: 'custom::echo', arguments: { message: 'x' } });
  expect(refused.errors?.[0]?.code).toBe('E201');
  expect((await signInThroughBrowser(call, 'custom')).origin).toBe(as.issuer);
  const echo = await call('gateway.invoke', { tool_id: 'custom::echo', arguments: { message: 'found' } });
  expect(echo).toMatchObject({ ok: true });
  expect(JSON.stringify(echo.result)).toContain('docs for alice: found');
});

it('asks the server for its challenge when a sign-in starts in a process that has not connected to it', async () => {
  const backend = createOsKeychain(`dev.gatehouse.probe.${randomBytes(4).toString('hex')}`);
  const oauth = new RemoteOAuth({ backend });
  const definition: RemoteServerDefinition = {
    name: 'custom',
    transport: 'http',
    url: custom.url,
    headers: {},
    source: 'project',
    sourcePath: null,
    startupPolicy: 'lazy',
  };
  const session = await oauth.signIn(definition);
  expect(new URL(String(session.authorizationUrl)).origin).toBe(as.issuer);
  await openInBrowser(String(session.authorizationUrl));
  expect(await session.done).toMatchObject({ ok: true });
  expect(Boolean((await new TokenRecords(backend).readTokens(custom.url))?.access_token)).toBe(true);
});
