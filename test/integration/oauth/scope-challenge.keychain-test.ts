// The scope a sign-in asks for, all real: oidc-provider on loopback, the protected MCP server fixture as a
// child process, a real core with the real keychain.
// - The first sign-in asks for the scope the server's WWW-Authenticate challenge names, not the metadata's
//   scopes_supported (the spec's scope selection; conformance auth/scope-from-www-authenticate).
// - A server that answers 403 insufficient_scope when Gatehouse connects (not only at a call) gets a new
//   sign-in asking for the challenged scope together with what was granted (SEP-2350; conformance
//   auth/scope-step-up), after which the server connects and its tools work.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startCore, type CoreUnderTest } from '../../helpers/core';
import { keychainCoreEnv } from '../../helpers/keychain-env';
import { createWorkspace, type Workspace } from '../../helpers/workspace';
import { requireKeychainSession } from '../secrets/helpers/keychain-session';
import { startAuthorizationServer, type AuthorizationServer } from './helpers/authorization-server';
import { metaCaller, signInThroughBrowser } from './helpers/meta-calls';
import { startResourceServer, type ResourceServer } from './helpers/resource-server';

beforeEach(requireKeychainSession);

let as: AuthorizationServer;
let challenged: ResourceServer;
let stepUp: ResourceServer;
let workspace: Workspace;
let core: CoreUnderTest;


const call = metaCaller(() => core);

/** The scope the sign-in's authorization URL asked for. */
async function signIn(server: string): Promise<string[]> {
  return ((await signInThroughBrowser(call, server)).searchParams.get('scope') ?? '').split(' ');
}

beforeAll(async () => {
  as = await startAuthorizationServer();
  // Metadata says docs:read; the challenge asks for docs:read and docs:admin.
  challenged = await startResourceServer(as.issuer, { CHALLENGE_SCOPE: 'docs:read docs:admin' });
  // Metadata and the 401 say docs:read; every request then needs docs:admin (403 from the first one).
  stepUp = await startResourceServer(as.issuer, { REQUIRED_SCOPE: 'docs:admin' });
  workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: { challenged: { type: 'http', url: challenged.url }, 'step-up': { type: 'http', url: stepUp.url } } });
  core = await startCore(workspace, keychainCoreEnv(workspace.home, 'oauth-scope'));
});

afterAll(async () => {
  await core?.close();
  challenged?.stop();
  stepUp?.stop();
  await as?.close();
  workspace?.cleanup();
});

it("asks at the first sign-in for the scope of the server's challenge", async () => {
  expect((await call('gateway.invoke', { tool_id: 'challenged::admin' })).errors?.[0]?.code).toBe('E201');
  expect(await signIn('challenged')).toEqual(expect.arrayContaining(['docs:read', 'docs:admin']));
  expect(await call('gateway.invoke', { tool_id: 'challenged::admin' })).toMatchObject({ ok: true });
});

it('steps up when the server refuses the scope at connect, keeping what was granted', async () => {
  expect((await call('gateway.invoke', { tool_id: 'step-up::echo', arguments: { message: 'x' } })).errors?.[0]?.code).toBe('E201');
  const first = await signIn('step-up');
  expect(first).toContain('docs:read');
  expect(first).not.toContain('docs:admin');
  const refused = await call('gateway.connect_server', { server_name: 'step-up' });
  expect(refused).toMatchObject({ ok: false });
  expect(refused.errors?.[0]).toMatchObject({ code: 'E201' });
  expect(JSON.stringify(refused.errors)).toContain('insufficient_scope');
  expect(await signIn('step-up')).toEqual(expect.arrayContaining(['docs:read', 'docs:admin']));
  expect(await call('gateway.connect_server', { server_name: 'step-up' })).toMatchObject({ ok: true });
  const echo = await call('gateway.invoke', { tool_id: 'step-up::echo', arguments: { message: 'wider' } });
  expect(echo).toMatchObject({ ok: true });
  expect(JSON.stringify(echo.result)).toContain('docs for alice: wider');
});
