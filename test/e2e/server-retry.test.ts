// The Servers view's row detail against a real core: a server that crashes at start shows its exit code
// and stderr; once the operator fixes the cause, "Retry now" starts it and the row turns online. The
// Restart button restarts a running server (a new pid). Needs `npm run build` first.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultServer } from '../helpers/workspace';
import { openPanelPage, type PanelPage } from './helpers/panel-page';
import { startViewsCore, type ViewsCore } from './helpers/views-core';

const WAIT = 30_000;

describe('server row detail: Retry and Restart', () => {
  let core: ViewsCore;
  let panel: PanelPage;
  let page: Page;
  let marker: string;

  beforeAll(async () => {
    // In the project folder, the child's working folder: a confined child sees its project (read-only) but
    // has a private /tmp, where a marker would be invisible to it.
    core = await startViewsCore({ servers: { flaky: faultServer({ FAULT_CRASH_WHILE_FILE: 'crash-marker' }) } });
    marker = join(core.workspace.project, 'crash-marker');
    writeFileSync(marker, 'broken until this file goes');
    panel = await openPanelPage(core.gatehouse, core.workspace.root, { width: 1280, height: 800 });
    page = panel.page;
    await page.getByTestId('server-row-flaky').waitFor({ timeout: WAIT });
  });

  afterAll(async () => {
    rmSync(marker, { force: true });
    await panel?.close();
    await core?.close();
  });

  it('retries a server that crashed at start once the cause is fixed', async () => {
    await page.getByRole('button', { name: 'Start flaky', exact: true }).click();
    await expect.poll(() => page.getByTestId('status-flaky').textContent(), { timeout: WAIT }).toBe('error');
    await page.getByTestId('details-flaky').click();
    await expect.poll(() => page.getByTestId('exit-flaky').textContent(), { timeout: WAIT }).toBe('exit code 7');
    await expect.poll(() => page.getByTestId('stderr-flaky').textContent(), { timeout: WAIT }).toContain('crashing at start while');
    // The operator fixes the cause, then retries from the detail.
    rmSync(marker);
    await page.getByTestId('server-detail-flaky').getByRole('button', { name: 'Retry now' }).click();
    await expect.poll(() => page.getByTestId('status-flaky').textContent(), { timeout: WAIT }).toBe('online');
    // Online: no Retry any more, and the row's error is gone.
    expect(await page.getByTestId('server-detail-flaky').getByRole('button', { name: 'Retry now' }).count()).toBe(0);
    expect(await page.getByTestId('last-error-flaky').count()).toBe(0);
  });

  it('restarts a running server from its detail: a new process', async () => {
    const pidOf = async () => (await core.gatehouse.api.listHealth({})).rows.find((r) => r.name === 'flaky')?.pid ?? null;
    const before = await pidOf();
    expect(before).not.toBeNull();
    await page.getByRole('button', { name: 'Restart flaky', exact: true }).click();
    await expect.poll(pidOf, { timeout: WAIT }).not.toBe(before);
    await expect.poll(() => page.getByTestId('status-flaky').textContent(), { timeout: WAIT }).toBe('online');
    expect(panel.pageErrors).toEqual([]);
  });
});
