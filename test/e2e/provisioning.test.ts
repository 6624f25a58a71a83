// The provisioning view in real Chromium against a real core: the operator provisions a server from the
// form and follows its install job stage by stage to its tools; a broken package shows the installer's last
// lines and the next step; a server that needs a credential answers which one. Offline, as the CLI test
// (test/integration/cli-provision) is: a user manifest with test packages, a stand-in `npm` on the core's
// PATH (answers `npm view`, "installs" by printing, fails for the broken one) and a stand-in `npx` that
// runs server-everything. Screenshots in both themes and at the minimum width go to
// test-results/e2e/views/. Needs `npm run build` first.
import { rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatehouse } from '../../src/main/core/gatehouse';
import type { Gatehouse } from '../../src/main/core/types';
import { BROKEN_INSTALL_LINES, standInBin, writeTestManifest } from '../helpers/provision-stand-ins';
import { createWorkspace, type Workspace } from '../helpers/workspace';
import { openPanelPage, screenshotDir, type PanelPage } from './helpers/panel-page';

const WAIT = 60_000;
const MIN_WIDTH = 760;
/** A token-shaped string the broken installer prints: it must never reach the page. */
const LEAKED = 'ghp_0123456789abcdefABCDEF0123456789abcd';

/** What the broken installer prints: npm's failure lines with a leaked token among them. */
const BROKEN_OUTPUT = [BROKEN_INSTALL_LINES[0] as string, `npm error authorization: token ${LEAKED}`, ...BROKEN_INSTALL_LINES.slice(1)];

describe('provisioning view', () => {
  let workspace: Workspace;
  let bin: string;
  let gatehouse: Gatehouse;
  let panel: PanelPage;
  let page: Page;

  beforeAll(async () => {
    workspace = createWorkspace();
    workspace.writeConfig({ mcpServers: {} });
    bin = standInBin('gatehouse-provision-e2e-', BROKEN_OUTPUT);
    writeTestManifest(workspace.home, { name: 'agentmade', description: 'The packaged server again, provisioned by an agent' });
    gatehouse = createGatehouse({
      projectDir: workspace.project,
      cwd: workspace.project,
      homeDir: workspace.home,
      stateDir: workspace.stateDir,
      cacheDir: workspace.cacheDir,
      env: {
        ...process.env,
        PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`,
        // Offline: nothing may ask the public MCP Registry; a refused loopback port answers at once.
        GATEHOUSE_REGISTRY_URL: 'http://127.0.0.1:9',
        XDG_CONFIG_HOME: join(workspace.home, '.config'),
      },
      log: () => undefined,
      secretStore: null,
    });
    await gatehouse.start();
    panel = await openPanelPage(gatehouse, workspace.root, { width: 1280, height: 800 });
    page = panel.page;
    await page.getByTestId('nav-provisioning').click();
    await page.getByTestId('provisioning-empty').waitFor({ timeout: WAIT });
  });

  afterAll(async () => {
    await panel?.close();
    await gatehouse?.stop();
    workspace?.cleanup();
    if (bin) rmSync(bin, { recursive: true, force: true });
  });

  const provision = async (name: string) => {
    const input = page.getByLabel(/^Server name/);
    await input.fill(name);
    await page.getByRole('button', { name: 'Provision', exact: true }).click();
    await page.getByTestId('provision-outcome').waitFor({ timeout: WAIT });
  };

  it('provisions a package from the form and follows every stage to its tools', async () => {
    await provision('packaged');
    expect(await page.getByTestId('provision-status').textContent()).toBe('started');
    const card = page.getByRole('listitem', { name: 'Install job for packaged' });
    await card.waitFor({ timeout: WAIT });
    await expect.poll(() => page.getByTestId('job-status-packaged').textContent(), { timeout: WAIT }).toBe('complete');
    for (const stage of ['download', 'install', 'start', 'tools']) {
      expect(await page.getByTestId(`stage-packaged-${stage}`).getAttribute('data-state'), stage).toBe('done');
    }
    expect(await page.getByTestId('stage-packaged-download').textContent()).toContain('@gatehouse-test/packaged 1.4.0 (published 2026-11-30)');
    expect(await page.getByTestId('stage-packaged-tools').textContent()).toMatch(/\d+ tool\(s\)/);
    expect(await card.textContent()).toContain('@gatehouse-test/packaged@1.4.0');
    expect(await card.getByRole('progressbar').getAttribute('value')).toBe('100');
    expect(await page.getByTestId('job-tools-packaged').textContent()).toContain('echo');
    // No installer output is shown for a job that succeeded.
    expect(await page.getByTestId('job-tail-packaged').count()).toBe(0);
    // The job's progress arrived by push: the page read the list once, at launch.
    expect(panel.bridge.calls.filter((name) => name === 'listProvisioning')).toEqual(['listProvisioning']);
  });

  it("shows a broken package's installer lines and the next step, with secrets redacted", async () => {
    await provision('broken');
    await expect.poll(() => page.getByTestId('job-status-broken').textContent(), { timeout: WAIT }).toBe('failed');
    expect(await page.getByTestId('stage-broken-install').getAttribute('data-state')).toBe('failed');
    expect(await page.getByTestId('stage-broken-download').getAttribute('data-state')).toBe('done');
    expect(await page.getByTestId('stage-broken-start').getAttribute('data-state')).toBe('pending');
    const tail = (await page.getByTestId('job-tail-broken').textContent()) ?? '';
    expect(tail).toContain('npm error code ETARGET');
    expect(tail).toContain('npm error notarget No matching version found for @gatehouse-test/broken@1.4.0.');
    expect(await page.getByTestId('job-message-broken').textContent()).toContain('failed (exit 1)');
    expect(await page.getByRole('listitem', { name: 'Install job for broken' }).textContent()).toContain('Next step:');
    // Newest first: the broken job above the packaged one.
    const order = await page.getByRole('list', { name: 'Install jobs, newest first' }).getByRole('listitem', { name: /^Install job for/ }).evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
    expect(order).toEqual(['Install job for broken', 'Install job for packaged']);
    expect(await page.getByTestId('nav-provisioning').textContent()).toBe('Provisioning');
    // A child's output is hostile: the token it printed never crosses to the page nor shows in it.
    expect(tail).not.toContain(LEAKED);
    expect(panel.bridge.toPage.join('\n')).not.toContain(LEAKED);
    expect(await page.content()).not.toContain(LEAKED);
  });

  it("follows a job an agent started with gateway.provision, without the operator's asking", async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await gatehouse.createMcpServer('in-process').connect(serverSide);
    const agent = new Client({ name: 'e2e-agent', version: '1.0.0' });
    await agent.connect(clientSide);
    try {
      const answer = await agent.callTool({ name: 'gateway.provision', arguments: { server_name: 'agentmade' } });
      expect(answer.isError).not.toBe(true);
      await expect.poll(() => page.getByTestId('job-status-agentmade').textContent(), { timeout: WAIT }).toBe('complete');
      expect(await page.getByTestId('job-tools-agentmade').textContent()).toContain('echo');
      expect(panel.bridge.calls.filter((name) => name === 'listProvisioning')).toHaveLength(1);
    } finally {
      await agent.close();
    }
  });

  it('answers which credential a server needs, starting no job', async () => {
    await provision('locked');
    const outcome = page.getByTestId('provision-outcome');
    expect(await page.getByTestId('provision-status').textContent()).toBe('failed');
    expect(await outcome.textContent()).toContain('LOCKED_TEST_TOKEN');
    expect(await outcome.textContent()).toContain('https://example.com/tokens');
    expect(await page.getByTestId('job-locked').count()).toBe(0);
  });

  it('renders in both themes and at the minimum width without clipping', async () => {
    const dir = join(screenshotDir, 'views');
    await mkdir(dir, { recursive: true });
    // The jobs above are on screen: the broken one's installer lines are the widest content the view has.
    for (const width of [1280, MIN_WIDTH]) {
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: theme });
        await page.waitForTimeout(150);
        await page.screenshot({ path: join(dir, `provisioning-${theme}-${width}.png`), fullPage: true });
        const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'));
        expect(overflow, `provisioning at ${width} px`).toBeLessThanOrEqual(0);
        const button = await page.getByRole('button', { name: 'Provision', exact: true }).boundingBox();
        expect(button && button.x + button.width).toBeLessThanOrEqual(width);
        // The nav entry this view added must not push the last one (Logs) out of the narrow nav row.
        const logs = await page.getByTestId('nav-logs').boundingBox();
        expect(logs && logs.x + logs.width, `nav at ${width} px`).toBeLessThanOrEqual(width);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect(panel.bridge.failures).toEqual([]);
    expect(panel.pageErrors).toEqual([]);
  });
});
