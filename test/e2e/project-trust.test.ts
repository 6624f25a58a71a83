// Project trust in the built control panel, in real Chromium, bridged to a real core: an unapproved
// project .mcp.json is reviewed on the Servers panel (exact command line, folder, variable names, digest),
// its server waits instead of offering a doomed Start, a file changed between review and approval is
// refused and re-reviewed, and approving the reviewed bytes lets the real server-everything start.
// Needs `npm run build` first.
import { createHash } from 'node:crypto';
import { realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatehouse } from '../../src/main/core/gatehouse';
import type { Gatehouse } from '../../src/main/core/types';
import { createWorkspace, EVERYTHING_ENTRY, everythingServer, type Workspace } from '../helpers/workspace';
import { openPanelPage, screenshotDir, type PanelPage } from './helpers/panel-page';

const UI_TIMEOUT = 15_000;
const STATUS_TIMEOUT = 30_000;
/** A literal env value in the project file: the review shows the variable's name, never its value. */
const MARKER_VALUE = `e2e-marker-${createHash('sha256').update(String(Math.random())).digest('hex').slice(0, 16)}`;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const short = (text: string) => `${sha256(text).slice(0, 12)}…`;
const configText = (config: unknown) => JSON.stringify(config, null, 2);

describe('project trust on the servers panel', () => {
  let workspace: Workspace;
  let gatehouse: Gatehouse | undefined;
  let panel: PanelPage | undefined;
  let page: Page;
  let configPath: string;
  const logs: string[] = [];

  const original = configText({ mcpServers: { everything: everythingServer() } });
  const edited = configText({ mcpServers: { everything: { ...everythingServer(), env: { GATEHOUSE_E2E_MARKER: MARKER_VALUE } } } });

  beforeAll(async () => {
    workspace = createWorkspace();
    configPath = workspace.writeConfig(original, undefined, { approve: false });
    gatehouse = createGatehouse({
      projectDir: workspace.project,
      cwd: workspace.project,
      homeDir: workspace.home,
      // Explicit: under scripts/with-keychain.sh XDG_STATE_HOME points elsewhere, and trust.json lives here.
      stateDir: workspace.stateDir,
      cacheDir: workspace.cacheDir,
      env: process.env,
      log: (line) => logs.push(line),
    });
    await gatehouse.start();
    panel = await openPanelPage(gatehouse, workspace.root, { width: 1100, height: 760 });
    page = panel.page;
    await mkdir(screenshotDir, { recursive: true });
  });

  afterAll(async () => {
    await panel?.close();
    await gatehouse?.stop();
    workspace?.cleanup();
  });

  const banner = () => page.getByTestId('project-trust-banner');
  const review = () => banner().getByTestId('trust-review');
  const approveButton = () => page.getByRole('button', { name: 'Approve these bytes of .mcp.json', exact: true });
  const text = async (testId: string) => (await page.getByTestId(testId).textContent()) ?? '';
  const shot = (name: string) => page.screenshot({ path: join(screenshotDir, name), fullPage: true });

  it('reviews the unapproved project file and holds its server', async () => {
    await banner().waitFor({ timeout: UI_TIMEOUT });
    expect(await banner().getByRole('heading', { level: 3 }).textContent()).toBe('A project file needs your approval');
    expect(await review().count()).toBe(1);
    expect(await review().getAttribute('data-path')).toBe(configPath);
    expect(await review().getByRole('heading', { level: 4 }).textContent()).toBe('.mcp.json');
    expect(await review().getByTestId('trust-state').textContent()).toBe('new');
    // The exact command line the file would run, the folder it runs in, and the digest an approval covers.
    expect(await text('trust-launches-everything')).toBe(`${process.execPath} ${EVERYTHING_ENTRY} stdio`);
    expect(await text('trust-cwd-everything')).toBe(workspace.project);
    expect(await text('trust-variables-everything')).toBe('none');
    expect(await text('trust-digest')).toBe(short(original));
    expect(await approveButton().isEnabled()).toBe(true);

    // The row says why it cannot start instead of offering a Start that would only fail with E404.
    const row = page.getByTestId('server-row-everything');
    await row.waitFor({ timeout: UI_TIMEOUT });
    expect(await text('awaiting-approval-everything')).toBe('Waiting for approval');
    expect(await text('status-everything')).toBe('needs approval');
    expect(await page.getByRole('button', { name: 'Start everything', exact: true }).count()).toBe(0);
    expect(await row.textContent()).toContain('skipped');
    expect(await text('servers-summary')).toBe('1 configured · 0 online · 1 waiting for approval');
    expect(await page.getByTestId('project-trust-details').count()).toBe(0);

    await shot('project-trust-review.png');
  });

  it('refuses bytes that changed after the review was shown, then shows the file as it is now', async () => {
    writeFileSync(configPath, edited);
    // The reload's push marks the review out of date but never swaps the text being read.
    await page.getByTestId('trust-stale').waitFor({ timeout: UI_TIMEOUT });
    expect(await text('trust-digest')).toBe(short(original));
    expect(await text('trust-variables-everything')).toBe('none');
    expect(await approveButton().isEnabled()).toBe(true);
    await shot('project-trust-stale.png');

    await approveButton().click();
    const refusal = page.getByTestId('trust-refusal');
    await refusal.waitFor({ timeout: UI_TIMEOUT });
    expect(await refusal.getAttribute('role')).toBe('alert');
    expect(await refusal.textContent()).toContain(`${configPath} changed since it was reviewed`);
    expect(await refusal.textContent()).toContain(`reviewed sha256 ${sha256(original).slice(0, 12)}…, now ${sha256(edited).slice(0, 12)}…`);

    // The review now shows the new bytes: their digest and the variable they add (by name only).
    await expect.poll(() => text('trust-digest'), { timeout: UI_TIMEOUT }).toBe(short(edited));
    expect(await text('trust-variables-everything')).toContain('GATEHOUSE_E2E_MARKER');
    expect(await page.getByTestId('trust-stale').count()).toBe(0);
    expect(await banner().isVisible()).toBe(true);
    expect(await text('awaiting-approval-everything')).toBe('Waiting for approval');
    expect(await page.content()).not.toContain(MARKER_VALUE);

    await shot('project-trust-refused.png');
  });

  it('approves the reviewed bytes; the server then starts from its row and goes online', async () => {
    await approveButton().click();
    await banner().waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    const approved = page.getByTestId('trust-approved');
    await approved.waitFor({ timeout: UI_TIMEOUT });
    expect(await approved.getAttribute('role')).toBe('status');
    expect(await approved.textContent()).toContain(`Approved .mcp.json (sha256 ${short(edited)})`);

    // The rows follow the health pushes: the label gives way to a working Start.
    const start = page.getByRole('button', { name: 'Start everything', exact: true });
    await start.waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByTestId('awaiting-approval-everything').count()).toBe(0);
    await expect.poll(() => start.isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
    await start.click();
    await expect.poll(() => text('status-everything'), { timeout: STATUS_TIMEOUT }).toBe('online');
    await expect.poll(async () => Number(await text('tools-everything')), { timeout: STATUS_TIMEOUT }).toBeGreaterThan(0);
    expect(await page.getByTestId('action-message-everything').count()).toBe(0);
    expect(await text('servers-summary')).toBe('1 configured · 1 online');

    // Approved files sit folded away under the list, with their digest.
    const details = page.getByTestId('project-trust-details');
    expect(await details.getAttribute('open')).toBeNull();
    expect(await details.locator('summary').textContent()).toBe('Project trust1 approved file');
    await details.locator('summary').click();
    expect(await details.getByTestId('trust-approved-file').textContent()).toContain(`.mcp.jsonsha256 ${short(edited)}`);
    await shot('project-trust-approved.png');
  });

  it('holds the server again when the approved file is edited, and says it changed since approval', async () => {
    const again = configText({ mcpServers: { everything: { ...everythingServer(), cwd: workspace.root } } });
    writeFileSync(configPath, again);
    await banner().waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => text('trust-digest'), { timeout: UI_TIMEOUT }).toBe(short(again));
    expect(await review().getByTestId('trust-state').textContent()).toBe('changed since approval');
    expect(await review().textContent()).toContain(`previously approved ${short(edited)}`);
    expect(await text('trust-cwd-everything')).toBe(workspace.root);
    await page.getByTestId('awaiting-approval-everything').waitFor({ timeout: STATUS_TIMEOUT });
    await expect.poll(() => text('pid-everything'), { timeout: STATUS_TIMEOUT }).toBe('—');
    // The earlier "approved" note does not linger beside a file that needs approval again.
    expect(await page.getByTestId('trust-approved').count()).toBe(0);
    await shot('project-trust-changed.png');
  });

  it('re-approves, then revokes from the project trust details and the banner returns', async () => {
    await approveButton().click();
    await banner().waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    const details = page.getByTestId('project-trust-details');
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    await page.getByRole('button', { name: 'Revoke approval of .mcp.json', exact: true }).click();

    const outcome = page.getByTestId('trust-revoke-outcome');
    await outcome.waitFor({ timeout: UI_TIMEOUT });
    expect(await outcome.getAttribute('role')).toBe('status');
    await banner().waitFor({ timeout: UI_TIMEOUT });
    expect(await review().getByTestId('trust-state').textContent()).toBe('new');
    await page.getByTestId('awaiting-approval-everything').waitFor({ timeout: UI_TIMEOUT });
    expect(await details.getByTestId('trust-approved-file').count()).toBe(0);
    expect(await details.getAttribute('open')).not.toBeNull();
    await shot('project-trust-revoked.png');
  });

  it('lists the secrets each entry reads, with their keychain names, and the user server an entry would replace', async () => {
    // One of the user's own servers, and a project file whose entries read secrets through env, a header
    // and an argument; one of them has the user's server's name.
    writeFileSync(join(workspace.home, '.mcp.json'), configText({ mcpServers: { web: { url: 'https://mine.example.test/mcp' } } }));
    const readsSecrets = configText({
      mcpServers: {
        everything: { ...everythingServer(), args: [...everythingServer().args, '--token=${ARG_TOKEN}'], env: { LOG_LEVEL: '${GITHUB_TOKEN}' } },
        web: { url: 'https://example.test/mcp', headers: { Authorization: 'Bearer ${WEB_TOKEN}' } },
      },
    });
    writeFileSync(configPath, readsSecrets);
    // The review being read is pinned; the operator asks for the new version.
    await page.getByTestId('trust-stale').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'Show the new version', exact: true }).click();
    await expect.poll(() => text('trust-digest'), { timeout: UI_TIMEOUT }).toBe(short(readsSecrets));

    const root = realpathSync(workspace.project);
    expect(await text('trust-variables-everything')).toBe('LOG_LEVEL (names only)');
    expect(await text('trust-reference-everything-GITHUB_TOKEN')).toBe(
      `GITHUB_TOKENin env.LOG_LEVELfrom the environment, else the keychain as project:${root}:GITHUB_TOKEN, then user::GITHUB_TOKEN`,
    );
    expect(await text('trust-reference-everything-ARG_TOKEN')).toBe('ARG_TOKENin args[2]passed on as written (Gatehouse fills in env and headers only)');
    expect(await text('trust-reference-web-WEB_TOKEN')).toContain('in headers.Authorizationfrom the environment, else the keychain as');
    expect(await text('trust-replaces-web')).toBe(`Replaces your own server web from ${join(workspace.home, '.mcp.json')} once approved.`);
    expect(await page.getByTestId('trust-replaces-everything').count()).toBe(0);
    expect(await text('trust-references-web')).not.toContain('mine.example.test');
    await review().scrollIntoViewIfNeeded();
    await shot('project-trust-references.png');
  });

  it('shows a project file that is a symlink as refused, with the reason and nothing to approve', async () => {
    const sibling = join(workspace.root, 'sibling.json');
    writeFileSync(sibling, original);
    rmSync(configPath);
    symlinkSync('../sibling.json', configPath);
    await expect.poll(() => review().getByTestId('trust-state').textContent(), { timeout: UI_TIMEOUT }).toBe('refused');
    expect(await banner().getByRole('heading', { level: 3 }).textContent()).toBe('A project file needs your attention');
    expect(await text('trust-file-refusal')).toContain(
      '.mcp.json is a symbolic link (to ../sibling.json); Gatehouse reads project files only as regular files: replace the link with a copy and review it',
    );
    expect(await page.getByTestId('trust-digest').count()).toBe(0);
    expect(await approveButton().count()).toBe(0);
    await shot('project-trust-symlink-refused.png');
  });

  it('did it all on one seed and pushes, with no bridge or page errors', () => {
    if (!panel) throw new Error('the panel page was not set up');
    const { bridge, pageErrors } = panel;
    expect(bridge.calls.filter((c) => c === 'listProjectTrust')).toHaveLength(1);
    expect(bridge.calls.filter((c) => c === 'approveProjectFile')).toHaveLength(3);
    expect(bridge.calls.filter((c) => c === 'revokeProjectFile')).toHaveLength(1);
    expect(bridge.calls.filter((c) => c === 'startServer')).toHaveLength(1);
    // Variable values never cross to the renderer: only their names do.
    expect(bridge.toPage.some((text) => text.includes(MARKER_VALUE))).toBe(false);
    expect(bridge.failures).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
