// The confinement editor in a server's detail, in the built panel in real Chromium against a real core
// and a running server-everything: network changed to "none" in the form, the exact file change previewed,
// applied to the operator's ~/.mcp.json, the server started again, and the detail showing the new profile.
// Screenshots of the form and the preview in both themes at the window's minimum width. Needs `npm run build`.
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatehouse } from '../../src/main/core/gatehouse';
import type { Gatehouse } from '../../src/main/core/types';
import { createWorkspace, everythingServer, type Workspace } from '../helpers/workspace';
import { openPanelPage, screenshotDir, type PanelPage } from './helpers/panel-page';

const WAIT = 30_000;
/** The main window's minWidth (src/main/shell/main-window.ts). */
const MIN_WIDTH = 760;

let workspace: Workspace;
let gatehouse: Gatehouse;
let panel: PanelPage;
let page: Page;
let userFile: string;

beforeAll(async () => {
  workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: {} });
  userFile = join(workspace.home, '.mcp.json');
  writeFileSync(userFile, `${JSON.stringify({ mcpServers: { edited: everythingServer() } }, null, 2)}\n`);
  gatehouse = createGatehouse({ projectDir: workspace.project, cwd: workspace.project, homeDir: workspace.home, stateDir: workspace.stateDir, cacheDir: workspace.cacheDir, env: process.env });
  await gatehouse.start();
  expect(await gatehouse.api.startServer({ name: 'edited' })).toMatchObject({ ok: true });
  panel = await openPanelPage(gatehouse, workspace.root, { width: MIN_WIDTH, height: 900 });
  page = panel.page;
});

afterAll(async () => {
  await panel?.close();
  await gatehouse?.stop();
  workspace?.cleanup();
});

const shot = async (name: string) => {
  await mkdir(screenshotDir, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: join(screenshotDir, `confinement-${name}-${theme}-${MIN_WIDTH}.png`), fullPage: true });
    const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'));
    expect(overflow, `${name} in ${theme}`).toBeLessThanOrEqual(0);
  }
  await page.emulateMedia({ colorScheme: 'light' });
};

/** Presses Preview change and returns the diff it shows. */
const previewDiff = async (): Promise<string> => {
  await page.getByRole('button', { name: 'Preview change' }).click();
  const diff = page.getByTestId('confinement-diff-edited');
  await diff.waitFor({ timeout: WAIT });
  return (await diff.textContent()) ?? '';
};

describe('editing a server’s confinement in its detail', () => {
  it('previews the exact file change, applies it, restarts the server and shows the new profile', async () => {
    await page.getByTestId('server-row-edited').waitFor({ timeout: WAIT });
    await expect.poll(() => page.getByTestId('status-edited').textContent(), { timeout: WAIT }).toBe('online');
    await page.getByTestId('details-edited').click();
    expect(await page.getByTestId('confinement-network-edited').textContent()).toBe('full');
    const pidBefore = (await gatehouse.api.listHealth({})).rows.find((r) => r.name === 'edited')?.pid;

    await page.getByRole('button', { name: 'Edit the confinement of edited' }).click();
    const network = page.getByTestId('confinement-edit-network-edited');
    await network.waitFor({ timeout: WAIT });
    expect(await network.inputValue()).toBe('full');
    // The Docker grant says what it means before anything is written.
    await page.getByTestId('confinement-edit-docker-edited').check();
    expect(await page.getByRole('note').textContent()).toContain('root on this machine');
    await page.getByTestId('confinement-edit-docker-edited').uncheck();
    await network.selectOption('none');
    // A granted path row (shown in the screenshots), removed again before the preview.
    await page.getByRole('button', { name: 'Add a path' }).click();
    await page.getByLabel('Granted path 1', { exact: true }).fill('/srv/notes');
    await shot('form');
    await page.getByRole('button', { name: 'Remove granted path 1' }).click();

    const lines = await previewDiff();
    expect(lines).toContain('+');
    expect(lines).toContain('"network": "none"');
    expect(await page.getByTestId('confinement-preview-edited').textContent()).toContain('"edited" is running: applying starts it again');
    // Nothing is written by a preview.
    expect(readFileSync(userFile, 'utf8')).not.toContain('network');
    await shot('preview');

    await page.getByRole('button', { name: 'Apply and restart' }).click();
    await expect.poll(() => page.getByTestId('confinement-applied-edited').textContent(), { timeout: WAIT }).toContain('started it again');
    const written = JSON.parse(readFileSync(userFile, 'utf8')) as { mcpServers: { edited: { command: string; gatehouse: unknown } } };
    expect(written.mcpServers.edited.gatehouse).toEqual({ confinement: { network: 'none' } });
    expect(written.mcpServers.edited.command).toBe(process.execPath);
    await expect.poll(() => page.getByTestId('confinement-network-edited').textContent(), { timeout: WAIT }).toBe('none (its own loopback only)');
    await expect.poll(() => page.getByTestId('status-edited').textContent(), { timeout: WAIT }).toBe('online');
    const row = (await gatehouse.api.listHealth({})).rows.find((r) => r.name === 'edited');
    expect(row?.confinement).toMatchObject({ state: 'confined', network: 'none' });
    expect(row?.pid).not.toBe(pidBefore);
    await shot('applied');
    expect(panel.bridge.failures).toEqual([]);
    expect(panel.pageErrors).toEqual([]);
  });

  it('keeps a granted path row its own element when a row above it is removed (rows are keyed by themselves, not by position)', async () => {
    await page.getByRole('button', { name: 'Edit the confinement of edited' }).click();
    for (const [index, path] of ['/srv/a', '/srv/b', '/srv/c'].entries()) {
      await page.getByRole('button', { name: 'Add a path' }).click();
      await page.getByLabel(`Granted path ${index + 1}`, { exact: true }).fill(path);
    }
    // A mark React knows nothing of: it stays only on the very element it was put on.
    await page.getByLabel('Granted path 3', { exact: true }).evaluate((input) => Object.assign(input, { rowMark: '/srv/c' }));
    await page.getByRole('button', { name: 'Remove granted path 1' }).click();

    const moved = page.getByLabel('Granted path 2', { exact: true });
    expect(await moved.inputValue()).toBe('/srv/c');
    expect(await moved.evaluate((input) => (input as unknown as { rowMark?: string }).rowMark ?? null)).toBe('/srv/c');
    expect(await page.getByLabel('Granted path 1', { exact: true }).inputValue()).toBe('/srv/b');
    // The rows' keys stay in the form: the preview sends the paths alone.
    const lines = await previewDiff();
    expect(lines).toContain('/srv/b');
    expect(lines).toContain('/srv/c');
    expect(lines).not.toContain('/srv/a');
    expect(lines).not.toContain('grant-');
    expect(panel.bridge.failures).toEqual([]);
    expect(panel.pageErrors).toEqual([]);
  });
});
