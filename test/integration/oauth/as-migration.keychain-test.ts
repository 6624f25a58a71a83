// A server that moves to another authorization server (SEP-2352), all real: two oidc-provider instances
// on loopback, the protected MCP server fixture trusting the first until its `migrate` tool makes its
// metadata name the second, a real core with the real keychain. Once the server refuses the old token,
// Gatehouse reads the metadata again instead of renewing at the old authorization server, asks for a new
// sign-in, and that sign-in registers with the new authorization server (client registrations are per
// authorization server) and works (conformance auth/authorization-server-migration).
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startCore, type CoreUnderTest } from '../../helpers/core';
import { keychainCoreEnv } from '../../helpers/keychain-env';
import { createWorkspace, type Workspace } from '../../helpers/workspace';
import { requireKeychainSession } from '../secrets/helpers/keychain-session';
import { startAuthorizationServer, type AuthorizationServer } from './helpers/authorization-server';
import { metaCaller, signInThroughBrowser } from './helpers/meta-calls';
import { startResourceServer, type ResourceServer } from './helpers/resource-server';

beforeEach(requireKeychainSession);

let first: AuthorizationServer;
let second: AuthorizationServer;
let docs: ResourceServer;
let workspace: Workspace;
let core: CoreUnderTest;


const call = metaCaller(() => core);

const signIn = () => signInThroughBrowser(call, 'docs');

beforeAll(async () => {
  first = await startAuthorizationServer();
  second = await startAuthorizationServer();
  docs = await startResourceServer(first.issuer, { NEXT_ISSUER: second.issuer });
  workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: { docs: { type: 'http', url: docs.url } } });
  core = await startCore(workspace, keychainCoreEnv(workspace.home, 'oauth-migration'));
});

afterAll(async () => {
  await core?.close();
  docs?.stop();
  await first?.close();
  await second?.close();
  workspace?.cleanup();
});

it('signs in with the new authorization server, registering there, once the server moved to it', async () => {
  const before = await signIn();
  expect(before.origin).toBe(first.issuer);
  expect(await call('gateway.invoke', { tool_id: 'docs::migrate' })).toMatchObject({ ok: true });

  // The old token is refused; renewing it at the old authorization server cannot help: sign in again.
  const refused = await call('gateway.invoke', { tool_id: 'docs::echo', arguments: { message: 'x' } });
  expect(refused).toMatchObject({ ok: false, auth_state: 'missing_auth' });
  expect(refused.errors?.[0]?.code).toBe('E201');

  const after = await signIn();
  expect(after.origin).toBe(second.issuer);
  // A client id of the second authorization server's own registration, not the first one's.
  expect(after.searchParams.get('client_id')).not.toBe(before.searchParams.get('client_id'));
  expect(await second.provider.Client.find(String(after.searchParams.get('client_id')))).toBeTruthy();
  const echo = await call('gateway.invoke', { tool_id: 'docs::echo', arguments: { message: 'moved' } });
  expect(echo).toMatchObject({ ok: true });
  expect(JSON.stringify(echo.result)).toContain('docs for alice: moved');
});
