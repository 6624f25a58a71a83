// The main-bundle proof (test/integration/shell/main-bundle.test.ts) for an OAuth sign-in started from
// the panel: the BUILT main bundle under plain Node with the recording `electron` stand-in, a real core
// on the real keychain (scripts/with-keychain.sh's session), a real authorization server (oidc-provider)
// and the protected MCP server fixture. Shows the sign-in URL handed to shell.openExternal, the outcome
// pushed to the window, and a non-http URL (published by a hostile authorization server's metadata)
// refused without ever reaching shell.openExternal. What this proves and what it does not: README,
// "The desktop app".
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { OAuthSignInState } from '../../../src/shared/oauth-sign-in';
import { ipcChannel } from '../../../src/shared/ipc';
import { TokenRecords } from '../../../src/main/oauth/token-records';
import { createOsKeychain } from '../../../src/main/secrets/keychain';
import { requireBuild } from '../../helpers/cli-process';
import { keychainCoreEnv } from '../../helpers/keychain-env';
import { waitFor } from '../../helpers/wait';
import { createWorkspace, REPO_ROOT, type Workspace } from '../../helpers/workspace';
import { clearTranscripts, launchApp, requireFreshBundle, type AppProcess } from '../shell/app-process';
import { requireKeychainSession } from '../secrets/helpers/keychain-session';
import { startAuthorizationServer, type AuthorizationServer } from './helpers/authorization-server';
import { openInBrowser } from './helpers/browser';
import { startHostileAuthorizationServer } from './helpers/hostile-authorization-server';
import { startResourceServer, type ResourceServer } from './helpers/resource-server';

const RENDERER_PAGE = `file://${join(REPO_ROOT, 'out', 'renderer', 'index.html')}`;

let as: AuthorizationServer;
let hostileAs: { issuer: string; close(): Promise<void> };
let docs: ResourceServer;
let hostile: ResourceServer;
let workspace: Workspace;
let app: AppProcess | undefined;

beforeEach(requireKeychainSession);

beforeAll(async () => {
  requireBuild();
  requireFreshBundle();
  clearTranscripts(['oauth-sign-in']);
  as = await startAuthorizationServer();
  hostileAs = await startHostileAuthorizationServer();
  docs = await startResourceServer(as.issuer);
  hostile = await startResourceServer(hostileAs.issuer);
});

afterEach(async () => {
  if (app && app.child.exitCode === null && app.child.signalCode === null) {
    app.child.kill('SIGKILL');
    await app.exited;
  }
  workspace?.cleanup();
});

afterAll(async () => {
  docs?.stop();
  hostile?.stop();
  await as?.close();
  await hostileAs?.close();
});

it('opens the sign-in URL with shell.openExternal, pushes the outcome to the window, and refuses a non-http URL', async () => {
  workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: { docs: { type: 'http', url: docs.url }, hostile: { type: 'http', url: hostile.url } } });
  const env: NodeJS.ProcessEnv = { ...keychainCoreEnv(workspace.home, 'main-bundle'), GATEHOUSE_CATALOG_INDEX: 'off' };
  app = launchApp({ name: 'oauth-sign-in', args: ['--port', '0'], env, cwd: workspace.project });
  const window = await app.waitFor('window.created');
  const sender = { contentsId: window.contentsId as number, frameUrl: RENDERER_PAGE };
  await app.waitFor('ipcMain.handle', (r) => r.channel === ipcChannel('oauthSignIn'));
  const invoke = (channel: 'oauthSignIn' | 'oauthState', name: string) =>
    (app as AppProcess).command<OAuthSignInState>('invoke', { channel: ipcChannel(channel), input: { name }, sender });

  // Only the panel's own frame may start a sign-in.
  await expect(
    app.command('invoke', { channel: ipcChannel('oauthSignIn'), input: { name: 'docs' }, sender: { ...sender, frameUrl: 'https://evil.example/' } }),
  ).rejects.toThrow(/\[IPC_FORBIDDEN_SENDER\] oauthSignIn/);

  const started = await waitFor(async () => {
    const state = await invoke('oauthSignIn', 'docs');
    return state.status === 'waiting' ? state : undefined;
  }, 'the docs sign-in to wait for the browser');
  expect(new URL(String(started.authorization_url)).origin).toBe(as.issuer);
  await app.waitFor('shell.openExternal', (r) => r.url === started.authorization_url, 'openExternal with the sign-in URL');

  // The person's browser approves; the outcome reaches the window as a push.
  expect((await openInBrowser(String(started.authorization_url))).body).toContain('Gatehouse is signed in to docs');
  await app.waitFor('webContents.send', (r) => r.channel === 'gatehouse:event:oauthChanged' && (r.payload as OAuthSignInState).status === 'signed_in', 'oauthChanged signed_in');
  expect((await invoke('oauthState', 'docs')).status).toBe('signed_in');

  // A hostile authorization server's smb: URL is refused by the shell: it never reaches openExternal,
  // and the panel is told why instead of being offered the address to copy.
  const refused = await invoke('oauthSignIn', 'hostile');
  expect(refused).toMatchObject({ status: 'failed', authorization_url: null });
  expect(refused.message).toContain('sent the sign-in to an address Gatehouse does not open (it is a smb: URL, not an http or https page)');
  await waitFor(() => app?.stderr().includes('[hostile] could not open the browser: [OPEN_URL_REFUSED] no browser was opened for the sign-in URL: it is a smb: URL'), 'the refusal in the log');
  const opened = app.records.filter((r) => r.kind === 'shell.openExternal').map((r) => String(r.url));
  expect(opened).toEqual([started.authorization_url]);

  // No token crossed to the window, the log or the stand-in's records.
  const record = await new TokenRecords(createOsKeychain(String(env.GATEHOUSE_KEYCHAIN_SERVICE))).readTokens(docs.url);
  const tokens = [record?.access_token, record?.refresh_token].filter((value): value is string => Boolean(value));
  expect(tokens.length).toBe(2);
  const seen = `${JSON.stringify(app.records)}\n${app.stderr()}`;
  for (const token of tokens) expect(seen.includes(token)).toBe(false);

  await app.command('click', { path: ['Quit Gatehouse'] });
  expect(await app.exited).toBe(0);
});
