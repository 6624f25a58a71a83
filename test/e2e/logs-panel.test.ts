// The Logs panel of the built renderer in real Chromium, bridged to a real core. A server started from
// the Servers panel runs beside two eager servers that fail; one prints the secret its env references,
// and the page must show the core's `[name] …` lines live without ever holding that value.
// Needs `npm run build` first.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatehouse } from '../../src/main/core/gatehouse';
import type { Gatehouse } from '../../src/main/core/types';
import { createWorkspace, everythingServer, type Workspace } from '../helpers/workspace';
import { openPanelPage, screenshotDir, type PanelPage } from './helpers/panel-page';

const CANARY = 'e2e-logs-canary-41d9a6f0';
const STATUS_TIMEOUT = 30_000;
// Writes the value it was given to stderr and exits: the core quotes that stderr when it logs the failure.
const LEAKY = `process.stderr.write('token=' + process.env.LEAKY_TOKEN + '\\n'); process.exit(3)`;

/** `eager` lists the servers that start (and fail) as soon as the config is applied. */
const config = (eager: string[]) => ({
  mcpServers: {
    everything: everythingServer(),
    leaky: { command: process.execPath, args: ['-e', LEAKY], env: { LEAKY_TOKEN: '${GATEHOUSE_E2E_LOGS_CANARY}' } },
    quiet: { command: process.execPath, args: ['-e', 'process.exit(1)'] },
  },
  autoStart: eager,
});

describe('logs panel', () => {
  let workspace: Workspace | undefined;
  let gatehouse: Gatehouse | undefined;
  let panel: PanelPage | undefined;

  beforeAll(async () => {
    workspace = createWorkspace();
    workspace.writeConfig(config([]));
    const core = createGatehouse({
      projectDir: workspace.project,
      cwd: workspace.project,
      homeDir: workspace.home,
      stateDir: workspace.stateDir,
      cacheDir: workspace.cacheDir,
      env: { ...process.env, GATEHOUSE_E2E_LOGS_CANARY: CANARY },
    });
    gatehouse = core;
    await core.start();
    panel = await openPanelPage(core, workspace.root, { width: 1100, height: 640 });
  });

  afterAll(async () => {
    await panel?.close();
    await gatehouse?.stop();
    workspace?.cleanup();
  });

  it('shows server lines live, narrows them by server and text, and never shows the secret', async () => {
    if (!panel || !workspace) throw new Error('the panel page was not set up (see the beforeAll error above)');
    const { page, bridge, pageErrors } = panel;

    await page.getByRole('button', { name: 'Start everything', exact: true }).click();
    await expect.poll(() => page.getByTestId('status-everything').textContent(), { timeout: STATUS_TIMEOUT }).toBe('online');

    await page.getByTestId('nav-logs').click();
    await page.getByRole('heading', { name: 'Logs' }).waitFor();
    // Starting a server is logged (spawn, then ready): its lines are there when the view opens.
    const everything = page.locator('[data-testid="log-line"][data-server="everything"]');
    await expect.poll(() => everything.count(), { timeout: STATUS_TIMEOUT }).toBeGreaterThan(0);
    expect(await everything.first().textContent()).toMatch(/\[everything\] spawned pid \d+/);

    // The reload makes both eager servers start and fail now, while the panel is open.
    workspace.writeConfig(config(['leaky', 'quiet']));
    const lines = page.getByTestId('log-line');
    const leaky = page.locator('[data-testid="log-line"][data-server="leaky"]');
    const quiet = page.locator('[data-testid="log-line"][data-server="quiet"]');
    await expect.poll(() => leaky.count(), { timeout: STATUS_TIMEOUT }).toBeGreaterThan(0);
    await expect.poll(() => quiet.count(), { timeout: STATUS_TIMEOUT }).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(/\[leaky\] eager start failed: .*token=/).count(), { timeout: STATUS_TIMEOUT }).toBeGreaterThan(0);

    const serverFilter = page.getByTestId('log-server-filter');
    expect(await serverFilter.locator('option').allTextContents()).toEqual(['All', 'everything', 'leaky', 'quiet']);
    await serverFilter.selectOption('leaky');
    await expect.poll(() => quiet.count()).toBe(0);
    expect(await lines.count()).toBe(await leaky.count());
    expect(await lines.count()).toBeGreaterThan(0);

    await serverFilter.selectOption('');
    await page.getByTestId('log-text-filter').fill('EXIT');
    await expect.poll(async () => (await lines.allTextContents()).every((text) => text.toLowerCase().includes('exit'))).toBe(true);
    await page.getByTestId('log-text-filter').fill('');
    await expect.poll(() => quiet.count()).toBeGreaterThan(0);

    // Following the log: the newest line is scrolled into view.
    const view = page.getByTestId('log-view');
    expect(await view.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThanOrEqual(24);

    await mkdir(screenshotDir, { recursive: true });
    await page.screenshot({ path: join(screenshotDir, 'logs-panel.png'), fullPage: true });

    expect(await page.content()).not.toContain(CANARY);
    expect(bridge.toPage.join('\n')).not.toContain(CANARY);
    // One seed, then only pushes: every line above arrived as logAppended.
    expect(bridge.calls.filter((c) => c === 'listLogs')).toHaveLength(1);
    expect(bridge.failures).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
