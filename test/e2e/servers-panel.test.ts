// The built control panel in real Chromium, driven against a real core that supervises a real
// downstream server (server-everything over stdio). Needs `npm run build` first.
import { existsSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatehouse } from '../../src/main/core/gatehouse';
import type { Gatehouse } from '../../src/main/core/types';
import { installBridge, type InstalledBridge } from './helpers/bridge';
import { launchChromium } from './helpers/chromium';
import { serveStatic, type StaticServer } from './helpers/static-server';
import { createWorkspace, everythingServer, REPO_ROOT as repoRoot, type Workspace } from '../helpers/workspace';

const rendererDir = join(repoRoot, 'out/renderer');
const screenshotPath = join(repoRoot, 'test-results/e2e/servers-panel.png');
const STATUS_TIMEOUT = 30_000;

describe('servers panel', () => {
  let workspace: Workspace | undefined;
  let gatehouse: Gatehouse | undefined;
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  let bridge: InstalledBridge | undefined;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    if (!existsSync(join(rendererDir, 'index.html'))) {
      throw new Error(`${rendererDir}/index.html is missing: run npm run build first`);
    }
    workspace = createWorkspace();
    workspace.writeConfig({ mcpServers: { everything: everythingServer() } });
    // The operator's own file may run a server unconfined: the panel must say so, never silently.
    writeFileSync(join(workspace.home, '.mcp.json'), JSON.stringify({ mcpServers: { open: { ...everythingServer(), gatehouse: { confinement: { enabled: false } } } } }));
    const core = createGatehouse({
      projectDir: workspace.project,
      cwd: workspace.project,
      homeDir: workspace.home,
      stateDir: workspace.stateDir,
      cacheDir: workspace.cacheDir,
      env: process.env,
    });
    gatehouse = core;
    await core.start();

    server = await serveStatic(rendererDir);
    const browserTmp = join(workspace.root, 'chromium-tmp');
    await mkdir(browserTmp, { recursive: true });
    browser = await launchChromium(browserTmp);
    page = await browser.newPage({ viewport: { width: 1100, height: 520 } });
    // CSP violations and uncaught renderer errors surface here; the panel must produce none.
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));

    bridge = await installBridge(page, core);
    await page.goto(server.url);
    bridge.forwardEvents();
  });

  afterAll(async () => {
    // Browser first, so no push is delivered into a page that is going away.
    await browser?.close();
    bridge?.dispose();
    await gatehouse?.stop();
    await server?.close();
    workspace?.cleanup();
  });

  it('starts and stops a lazy server, with every status change pushed by the core', async () => {
    const row = page.getByTestId('server-row-everything');
    const status = page.getByTestId('status-everything');
    const start = page.getByRole('button', { name: 'Start everything', exact: true });
    const stop = page.getByRole('button', { name: 'Stop everything', exact: true });

    await row.waitFor({ timeout: STATUS_TIMEOUT });
    expect(await status.textContent()).toBe('lazy');
    expect(await row.textContent()).toContain('stdio');
    expect(await row.textContent()).toContain('project');
    expect(await start.isEnabled()).toBe(true);
    expect(await stop.isDisabled()).toBe(true);

    await start.click();
    await expect.poll(() => status.textContent(), { timeout: STATUS_TIMEOUT }).toBe('online');
    await expect
      .poll(async () => Number(await page.getByTestId('tools-everything').textContent()), { timeout: STATUS_TIMEOUT })
      .toBeGreaterThan(0);
    expect(await page.getByTestId('pid-everything').textContent()).toMatch(/^\d+$/);
    await expect.poll(() => stop.isEnabled(), { timeout: STATUS_TIMEOUT }).toBe(true);
    expect(await start.isDisabled()).toBe(true);
    expect(await page.getByTestId('action-message-everything').count()).toBe(0);

    await mkdir(join(repoRoot, 'test-results/e2e'), { recursive: true });
    await page.screenshot({ path: screenshotPath, fullPage: true });

    await stop.click();
    await expect.poll(() => status.textContent(), { timeout: STATUS_TIMEOUT }).toBe('stopped');
    expect(await page.getByTestId('pid-everything').textContent()).toBe('—');
    await expect.poll(() => start.isEnabled(), { timeout: STATUS_TIMEOUT }).toBe(true);

    // One seed call per kind, then only the actions: every status above arrived as a push.
    expect(bridge?.calls.filter((c) => c === 'listHealth')).toHaveLength(1);
    expect(bridge?.calls.filter((c) => c === 'startServer')).toHaveLength(1);
    expect(bridge?.calls.filter((c) => c === 'stopServer')).toHaveLength(1);
    expect(bridge?.failures).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('shows each server\'s confinement: a pill in the row, and in the detail why and every mount', async () => {
    const pill = page.getByTestId('confinement-everything');
    await pill.waitFor({ timeout: STATUS_TIMEOUT });
    expect(await pill.textContent()).toBe('sandboxed');
    expect(await pill.getAttribute('title')).toContain('Confined (bubblewrap): network full, project ro');
    expect(await page.getByTestId('confinement-open').textContent()).toBe('unconfined');
    expect(await page.getByTestId('confinement-open').getAttribute('title')).toContain('"enabled": false');

    await page.getByTestId('details-everything').click();
    expect(await page.getByTestId('confinement-state-everything').textContent()).toBe('confined');
    expect(await page.getByTestId('confinement-network-everything').textContent()).toBe('full');
    await page.getByText(/\d+ mounts, in the order applied/).click();
    const mounts = page.getByTestId('confinement-mounts-everything');
    const rows = await mounts.locator('tbody tr').allTextContents();
    expect(rows[0]).toBe('read-onlysystem/');
    expect(rows).toContain(`read-onlyproject${workspace!.project}`);
    expect(rows).toContain('privatetemp/tmp');

    await page.getByTestId('details-open').click();
    expect(await page.getByTestId('confinement-state-open').textContent()).toBe('UNCONFINED');
    expect(await page.getByTestId('confinement-reason-open').textContent()).toContain('its entry turns confinement off');
    expect(pageErrors).toEqual([]);
  });
});
