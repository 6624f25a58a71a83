// OAuth sign-in from the servers view, all real: oidc-provider on loopback as the authorization server,
// the protected MCP server fixture as a child process, a real core with the real keychain (gnome-keyring
// in scripts/with-keychain.sh's session), the built renderer in Chromium. The core's browser hook records
// the URL it was asked to open; the test plays the person's browser by following the URL the panel shows
// (redirects, login and consent approved the way the OAuth integration tests do). A sign-in an agent starts
// through gateway.auth_connect shows in the row live, as a panel-started one does. No token may reach the
// page: not its DOM, not anything main handed it. Needs `npm run build` first.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TokenRecords } from '../../src/main/oauth/token-records';
import { createOsKeychain } from '../../src/main/secrets/keychain';
import { startAuthorizationServer, type AuthorizationServer } from '../integration/oauth/helpers/authorization-server';
import { openInBrowser } from '../integration/oauth/helpers/browser';
import { startResourceServer, type ResourceServer } from '../integration/oauth/helpers/resource-server';
import { startCore, type CoreUnderTest } from '../helpers/core';
import { createWorkspace, type Workspace } from '../helpers/workspace';
import { keychainCoreEnv, keychainSessionPresent, requireKeychainSession } from './helpers/keychain';
import { openPanelPage, screenshotDir, type PanelPage } from './helpers/panel-page';
import { callMeta } from '../helpers/meta';

const WAIT = 30_000;
const MIN_WIDTH = 760;

interface Setup {
  as: AuthorizationServer;
  docs: ResourceServer;
  workspace: Workspace;
  core: CoreUnderTest;
  panel: PanelPage;
  records: TokenRecords;
}

describe('OAuth sign-in from the servers view', () => {
  const parts: Partial<Setup> = {};
  /** Every URL the core asked the desktop to open in the browser. */
  const opened: string[] = [];

  beforeAll(async () => {
    if (!keychainSessionPresent()) return; // beforeEach fails each test with the command to use
    parts.as = await startAuthorizationServer();
    parts.docs = await startResourceServer(parts.as.issuer);
    parts.workspace = createWorkspace();
    parts.workspace.writeConfig({ mcpServers: { docs: { type: 'http', url: parts.docs.url } } });
    const env = keychainCoreEnv(parts.workspace.home);
    parts.records = new TokenRecords(createOsKeychain(String(env.GATEHOUSE_KEYCHAIN_SERVICE)));
    parts.core = await startCore(parts.workspace, env, { openUrl: (url) => void opened.push(url) });
    parts.panel = await openPanelPage(parts.core.gatehouse, parts.workspace.root, { width: MIN_WIDTH, height: 900 });
    await mkdir(join(screenshotDir, 'views'), { recursive: true });
  });
  beforeEach(requireKeychainSession);

  afterAll(async () => {
    await parts.panel?.close();
    await parts.core?.close();
    parts.docs?.stop();
    await parts.as?.close();
    parts.workspace?.cleanup();
  });

  const ready = (): Setup & { page: Page } => {
    const { as, docs, workspace, core, panel, records } = parts;
    if (!as || !docs || !workspace || !core || !panel || !records) throw new Error('the panel page was not set up (see the beforeAll error above)');
    return { as, docs, workspace, core, panel, records, page: panel.page };
  };
  const status = (page: Page) => page.getByTestId('status-docs').textContent();
  const signInStatus = (page: Page) => page.getByTestId('oauth-docs').getAttribute('data-status');
  const shoot = async (page: Page, name: string) => {
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.waitForTimeout(100);
      await page.screenshot({ path: join(screenshotDir, 'views', `oauth-${name}-${theme}-${MIN_WIDTH}.png`), fullPage: true });
      // Nothing sticks out sideways at the minimum width, the long sign-in URL included.
      expect(
        Number(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')),
        `${name} ${theme}`,
      ).toBeLessThanOrEqual(0);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  };

  it('signs in through the browser: waiting with the URL, then online; the token never reaches the page', async () => {
    const { page, as } = ready();
    // The server refuses Gatehouse until it signs in.
    await page.getByRole('button', { name: 'Start docs', exact: true }).click();
    await expect.poll(() => status(page), { timeout: WAIT }).toBe('auth required');
    await page.getByTestId('details-docs').click();
    await expect.poll(() => signInStatus(page), { timeout: WAIT }).toBe('signed_out');
    expect(await page.getByTestId('auth-docs').textContent()).toBe('sign-in needed');
    // A remote OAuth server is not offered the ${VAR} credential form.
    expect(await page.getByRole('form', { name: 'Connect docs with a credential' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => signInStatus(page), { timeout: WAIT }).toBe('waiting');
    expect(await page.getByTestId('oauth-message-docs').textContent()).toContain('Waiting for the browser…');
    expect(await page.getByTestId('auth-docs').textContent()).toBe('waiting for the browser…');
    const shown = await page.getByTestId('oauth-url-docs').inputValue();
    // The URL the panel shows is the one main was asked to open: the authorization server's, with PKCE.
    expect(opened).toEqual([shown]);
    expect(new URL(shown).origin).toBe(as.issuer);
    expect(new URL(shown).searchParams.get('code_challenge_method')).toBe('S256');
    expect(await page.getByRole('button', { name: 'Cancel sign-in' }).isVisible()).toBe(true);
    await shoot(page, 'waiting');

    const visit = await openInBrowser(shown);
    expect(visit.body).toContain('Gatehouse is signed in to docs');
    await expect.poll(() => status(page), { timeout: WAIT }).toBe('online');
    await expect.poll(() => signInStatus(page), { timeout: WAIT }).toBe('signed_in');
    expect(await page.getByTestId('auth-docs').textContent()).toBe('signed in');
    // The 401 of the start before the sign-in is old news once the server is online.
    expect(await page.getByTestId('action-message-docs').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    await shoot(page, 'signed-in');

    const record = await ready().records.readTokens(ready().docs.url);
    const tokens = [record?.access_token, record?.refresh_token].filter((value): value is string => Boolean(value));
    expect(tokens.length).toBe(2);
    const dom = await page.content();
    const crossed = ready().panel.bridge.toPage.join('\n');
    // Compared as booleans: a failing assertion must not print a token.
    for (const token of tokens) {
      expect(dom.includes(token)).toBe(false);
      expect(crossed.includes(token)).toBe(false);
    }
  });

  it('signs out: the tokens leave the keychain and the row offers Sign in again', async () => {
    const { page } = ready();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => signInStatus(page), { timeout: WAIT }).toBe('signed_out');
    expect(await page.getByTestId('oauth-message-docs').textContent()).toContain("Signed out of 'docs'");
    // It no longer shows online with tools it cannot reach: disconnected, it asks for a sign-in on its next start.
    await expect.poll(() => status(page), { timeout: WAIT }).toBe('lazy');
    expect(await page.getByTestId('oauth-message-docs').textContent()).toContain('docs was disconnected');
    expect((await ready().records.readTokens(ready().docs.url)) === null).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).isVisible()).toBe(true);
  });

  it('cancels a sign-in waiting for the browser', async () => {
    const { page } = ready();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => signInStatus(page), { timeout: WAIT }).toBe('waiting');
    await page.getByRole('button', { name: 'Cancel sign-in' }).click();
    await expect.poll(() => signInStatus(page), { timeout: WAIT }).toBe('signed_out');
    expect(await page.getByTestId('oauth-message-docs').textContent()).toContain('The sign-in was cancelled.');
  });

  it('shows a sign-in an agent starts through gateway.auth_connect live: waiting with the URL, then signed in, pushed without a re-read', async () => {
    const { page, panel: shown, core, as } = ready();
    // docs is lazy (signed out, its last sign-in cancelled above): nothing about its row changes but what main pushes.
    expect(await status(page)).toBe('lazy');
    expect(await signInStatus(page)).toBe('signed_out');
    const before = shown.bridge.calls.length;
    const openedBefore = opened.length;

    const { body } = await callMeta<{ ok: boolean; oauth_status: string; authorization_url: string }>(core.client, 'gateway.auth_connect', {
      server_name: 'docs',
    });
    expect(body).toMatchObject({ ok: true, oauth_status: 'pending' });
    await expect.poll(() => signInStatus(page), { timeout: WAIT }).toBe('waiting');
    expect(await page.getByTestId('oauth-message-docs').textContent()).toContain('Waiting for the browser…');
    // The URL fallback is the agent's sign-in, the one the desktop was asked to open.
    expect(await page.getByTestId('oauth-url-docs').inputValue()).toBe(body.authorization_url);
    expect(opened.slice(openedBefore)).toEqual([body.authorization_url]);
    expect(new URL(body.authorization_url).origin).toBe(as.issuer);
    await shoot(page, 'agent-waiting');

    expect((await openInBrowser(body.authorization_url)).body).toContain('Gatehouse is signed in to docs');
    await expect.poll(() => signInStatus(page), { timeout: WAIT }).toBe('signed_in');
    expect(await page.getByTestId('oauth-message-docs').textContent()).toContain('Signed in to docs');
    expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    // Pushed, not read: the page asked main nothing about the sign-in meanwhile (a lazy server's status stays).
    expect(shown.bridge.calls.slice(before).filter((name) => name.startsWith('oauth'))).toEqual([]);
    expect(await status(page)).toBe('lazy');

    const record = await ready().records.readTokens(ready().docs.url);
    const tokens = [record?.access_token, record?.refresh_token].filter((value): value is string => Boolean(value));
    expect(tokens.length).toBe(2);
    const dom = await page.content();
    const crossed = shown.bridge.toPage.join('\n');
    // Compared as booleans: a failing assertion must not print a token.
    for (const token of tokens) {
      expect(dom.includes(token)).toBe(false);
      expect(crossed.includes(token)).toBe(false);
    }

    // The agent signs out: that shows live too, and leaves the row as the next test expects it.
    const out = await callMeta<{ ok: boolean; oauth_status: string }>(core.client, 'gateway.auth_connect', { server_name: 'docs', auth_mode: 'sign_out' });
    expect(out.body).toMatchObject({ ok: true, oauth_status: 'signed_out' });
    await expect.poll(() => signInStatus(page), { timeout: WAIT }).toBe('signed_out');
    expect(shown.bridge.calls.slice(before).filter((name) => name.startsWith('oauth'))).toEqual([]);
    expect(shown.bridge.failures).toEqual([]);
    expect(shown.pageErrors).toEqual([]);
  });

  it('shows a refused sign-in with its reason and the next step', async () => {
    const { page, panel: shown, as } = ready();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => signInStatus(page), { timeout: WAIT }).toBe('waiting');
    as.denyNext();
    await openInBrowser(await page.getByTestId('oauth-url-docs').inputValue());
    await expect.poll(() => signInStatus(page), { timeout: WAIT }).toBe('failed');
    const message = await page.getByTestId('oauth-message-docs').textContent();
    expect(message).toContain('The authorization server did not authorize Gatehouse for "docs" (access_denied');
    expect(message).toContain('Next: press Sign in to try again');
    expect(await page.getByRole('button', { name: 'Sign in again' }).isVisible()).toBe(true);
    await shoot(page, 'failed');
    expect(shown.bridge.failures).toEqual([]);
    expect(shown.pageErrors).toEqual([]);
  });
});
