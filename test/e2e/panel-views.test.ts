// The control panel's views in real Chromium against a real core with real children: each scenario is
// an operator's main task in one view. Screenshots of every view, in both themes and at the window's
// minimum width, go to test-results/e2e/views/. Needs `npm run build` first.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPanelPage, screenshotDir, type PanelPage } from './helpers/panel-page';
import { startViewsCore, type ViewsCore } from './helpers/views-core';

const WAIT = 30_000;
const MIN_WIDTH = 760;

describe('panel views', () => {
  let core: ViewsCore;
  let panel: PanelPage;
  let page: Page;
  let client: Client;

  beforeAll(async () => {
    core = await startViewsCore();
    client = await core.connectClient('e2e-agent');
    panel = await openPanelPage(core.gatehouse, core.workspace.root, { width: 1280, height: 800 });
    page = panel.page;
    await page.getByTestId('server-row-fault').waitFor({ timeout: WAIT });
  });

  afterAll(async () => {
    await panel?.close();
    await core?.close();
  });

  const nav = (id: string) => page.getByTestId(`nav-${id}`).click();

  it('Servers: starts a server and sees it online, with uptime and tools', async () => {
    await nav('servers');
    await page.getByRole('button', { name: 'Start fault', exact: true }).click();
    await expect.poll(() => page.getByTestId('status-fault').textContent(), { timeout: WAIT }).toBe('online');
    expect(Number(await page.getByTestId('tools-fault').textContent())).toBe(8);
    await expect.poll(() => page.getByTestId('uptime-fault').textContent(), { timeout: WAIT }).toMatch(/^\d+ s$/);
  });

  it("Servers: shows a crashing server's exit code and stderr in its detail", async () => {
    await page.getByRole('button', { name: 'Start crashy', exact: true }).click();
    await expect.poll(() => page.getByTestId('status-crashy').textContent(), { timeout: WAIT }).toBe('error');
    await page.getByTestId('details-crashy').click();
    await expect.poll(() => page.getByTestId('exit-crashy').textContent(), { timeout: WAIT }).toBe('exit code 9');
    await expect.poll(() => page.getByTestId('stderr-crashy').textContent(), { timeout: WAIT }).toContain('configured to crash at start');
    const error = await page.getByTestId('last-error-crashy').textContent();
    expect(error).toContain('exit code 9');
    expect(error).not.toContain('Version negotiation');
    await page.getByTestId('details-crashy').click();
  });

  it('Startup policy: makes a server eager and sees the file change', async () => {
    await nav('startup');
    await page.getByTestId('startup-row-fault').waitFor({ timeout: WAIT });
    expect(await page.getByTestId('startup-policy-fault').textContent()).toBe('lazy');
    await page.getByRole('button', { name: 'Make fault eager' }).click();
    const diff = page.getByTestId('startup-diff');
    await diff.waitFor({ timeout: WAIT });
    expect(await diff.textContent()).toMatch(/\+\s*"autoStart": \[/);
    const file = join(core.workspace.project, '.mcp.json');
    expect(readFileSync(file, 'utf8')).not.toContain('autoStart');
    await page.getByRole('button', { name: 'Apply change' }).click();
    await page.getByTestId('startup-applied').waitFor({ timeout: WAIT });
    expect(JSON.parse(readFileSync(file, 'utf8')).autoStart).toEqual(['fault']);
    await expect.poll(() => page.getByTestId('startup-policy-fault').textContent(), { timeout: WAIT }).toBe('eager');
  });

  it('Activity: cancels a slow pending call, and the child is told', async () => {
    const call = client.callTool({ name: 'gateway.invoke', arguments: { tool_id: 'fault::silent', options: { timeout_ms: 120_000 } } });
    await nav('activity');
    const session = page.getByRole('article', { name: 'Session of e2e-agent' });
    await session.waitFor({ timeout: WAIT });
    expect(await session.textContent()).toContain('fault::silent');
    await session.getByRole('button', { name: /^Cancel fault::silent/ }).click();
    // Still healthy (it reported recently): the panel asks before forcing, as gateway.cancel does.
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor({ timeout: WAIT });
    await confirm.getByRole('button', { name: 'Cancel it anyway' }).click();
    const answer = await call;
    expect(answer.isError).toBe(true);
    await expect.poll(async () => (await core.gatehouse.api.serverStderr({ name: 'fault' })).lines.join('\n'), { timeout: WAIT }).toMatch(/cancelled request/);
    await page.getByTestId('activity-empty').waitFor({ timeout: WAIT });
    await expect.poll(() => page.getByTestId('audit-table').textContent(), { timeout: WAIT }).toContain('fault::silent');
  });

  it('Catalog: searches, fills the form and try-invokes echo', async () => {
    await nav('catalog');
    await page.getByLabel('Search tools').fill('echo message back');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const card = page.getByTestId('tool-fault::echo');
    await card.waitFor({ timeout: WAIT });
    await card.click();
    const detail = page.getByTestId('tool-detail');
    await detail.getByLabel(/^message/).fill('hello from the panel');
    await detail.getByRole('button', { name: 'Invoke' }).click();
    const result = page.getByTestId('invoke-result');
    await result.waitFor({ timeout: WAIT });
    expect(await result.textContent()).toContain('hello from the panel');
    expect(await result.textContent()).toContain('ok');
    await expect.poll(() => page.getByTestId('token-verdict').textContent(), { timeout: WAIT }).toMatch(/tokens/);
  });

  it('Clients: wires a client and sees its file', async () => {
    await nav('clients');
    const row = page.getByTestId('client-cursor');
    await row.waitFor({ timeout: WAIT });
    expect(await page.getByTestId('client-state-cursor').textContent()).toBe('not connected');
    await row.getByRole('button', { name: 'Preview connecting Cursor' }).click();
    const diff = page.getByTestId('client-diff');
    await diff.waitFor({ timeout: WAIT });
    expect(await diff.textContent()).toContain('gatehouse');
    const rows = await core.gatehouse.api.listClients({});
    const path = rows.find((r) => r.client === 'cursor')?.path ?? '';
    expect(path.startsWith(core.workspace.home)).toBe(true);
    expect(existsSync(path)).toBe(false);
    await page.getByRole('button', { name: 'Write entry' }).click();
    await page.getByTestId('client-written').waitFor({ timeout: WAIT });
    expect(JSON.parse(readFileSync(path, 'utf8')).mcpServers.gatehouse.args).toContain('serve');
    await expect.poll(() => page.getByTestId('client-state-cursor').textContent(), { timeout: WAIT }).toBe('points at Gatehouse');
  });

  it('every view renders in both themes and at the minimum width without clipping', async () => {
    const dir = join(screenshotDir, 'views');
    await mkdir(dir, { recursive: true });
    const views = ['servers', 'startup', 'activity', 'catalog', 'clients', 'secrets', 'doctor', 'logs'];
    for (const width of [1280, MIN_WIDTH]) {
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: 800 });
        await page.emulateMedia({ colorScheme: theme });
        for (const view of views) {
          await nav(view);
          await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: WAIT });
          if (view === 'servers') await page.getByTestId('details-crashy').click();
          await page.waitForTimeout(150);
          await page.screenshot({ path: join(dir, `${view}-${theme}-${width}.png`), fullPage: true });
          if (view === 'servers') await page.getByTestId('details-crashy').click();
          // Nothing may stick out sideways at the minimum width: the page never scrolls horizontally.
          const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'));
          expect(overflow, `${view} at ${width} px`).toBeLessThanOrEqual(0);
        }
        // The row actions stay on screen: the bug was Start/Stop cut off below ~1050 px.
        await nav('servers');
        const stop = await page.getByRole('button', { name: 'Stop fault', exact: true }).boundingBox();
        expect(stop && stop.x + stop.width).toBeLessThanOrEqual(width);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect(panel.bridge.failures).toEqual([]);
    expect(panel.pageErrors).toEqual([]);
  });
});
