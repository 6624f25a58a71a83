// What the panel is told (oauthChanged) about sign-ins an AGENT starts through gateway.auth_connect: the
// same pushes a panel-started sign-in gets, as they happen. All real: oidc-provider on loopback, a
// hostile authorization server publishing an smb: endpoint, the protected MCP server fixture as child
// processes, a real core on the real keychain, the agent a real SDK client. (The signed-in path is shown
// in Chromium by test/e2e/oauth-sign-in.test.ts.)
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { OAuthSignInState } from '../../../src/shared/oauth-sign-in';
import { startCore, type CoreUnderTest } from '../../helpers/core';
import { keychainCoreEnv } from '../../helpers/keychain-env';
import { waitFor } from '../../helpers/wait';
import { createWorkspace, type Workspace } from '../../helpers/workspace';
import { requireKeychainSession } from '../secrets/helpers/keychain-session';
import { startAuthorizationServer, type AuthorizationServer } from './helpers/authorization-server';
import { openInBrowser } from './helpers/browser';
import { startHostileAuthorizationServer } from './helpers/hostile-authorization-server';
import { metaCaller } from './helpers/meta-calls';
import { startResourceServer, type ResourceServer } from './helpers/resource-server';

beforeEach(requireKeychainSession);

let as: AuthorizationServer;
let hostileAs: { issuer: string; close(): Promise<void> };
let docs: ResourceServer;
let hostile: ResourceServer;
let workspace: Workspace;
let core: CoreUnderTest;
const pushes: OAuthSignInState[] = [];

const call = metaCaller(() => core);
const pushedFor = (name: string) => pushes.filter((state) => state.name === name);

beforeAll(async () => {
  as = await startAuthorizationServer();
  hostileAs = await startHostileAuthorizationServer();
  docs = await startResourceServer(as.issuer);
  hostile = await startResourceServer(hostileAs.issuer);
  workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: { docs: { type: 'http', url: docs.url }, hostile: { type: 'http', url: hostile.url } } });
  core = await startCore(workspace, keychainCoreEnv(workspace.home, 'agent-pushes'));
  core.gatehouse.events.on('oauthChanged', (state) => pushes.push(state));
});

afterAll(async () => {
  await core?.close();
  docs?.stop();
  hostile?.stop();
  await as?.close();
  await hostileAs?.close();
  workspace?.cleanup();
});

it("pushes an agent's sign-in as waiting with its URL, then its refusal with the reason and the next step", async () => {
  const started = await call('gateway.auth_connect', { server_name: 'docs' });
  expect(started).toMatchObject({ ok: true, oauth_status: 'pending' });
  // Pushed as it started: nothing asked the panel API anything.
  expect(pushedFor('docs')).toEqual([expect.objectContaining({ status: 'waiting', authorization_url: started.authorization_url })]);

  as.denyNext();
  await openInBrowser(String(started.authorization_url));
  const failed = await waitFor(() => pushedFor('docs').find((state) => state.status === 'failed'), 'the failed sign-in pushed');
  expect(failed.message).toContain('The authorization server did not authorize Gatehouse for "docs" (access_denied');
  expect(failed.next_step).toBe('press Sign in to try again');
  expect(await core.gatehouse.api.oauthState({ name: 'docs' })).toMatchObject({ status: 'failed' });
});

it("shows an agent's sign-in to an address that is no web page as waiting without it, saying why", async () => {
  const started = await call('gateway.auth_connect', { server_name: 'hostile' });
  // The agent holds the URL (it is its own to judge); the panel neither shows it to copy nor hides why it waits.
  expect(started).toMatchObject({ ok: true, oauth_status: 'pending' });
  expect(String(started.authorization_url)).toMatch(/^smb:/);
  const [waiting] = pushedFor('hostile');
  expect(waiting).toMatchObject({ status: 'waiting', authorization_url: null });
  expect(waiting?.message).toContain('sent the sign-in to an address Gatehouse does not open in a browser (it is a smb: URL');
  expect(await core.gatehouse.api.oauthState({ name: 'hostile' })).toEqual(waiting);

  expect(await core.gatehouse.api.oauthCancelSignIn({ name: 'hostile' })).toMatchObject({ status: 'signed_out', message: 'The sign-in was cancelled.' });
});
