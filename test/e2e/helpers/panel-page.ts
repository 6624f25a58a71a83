// The built renderer opened in Chromium and bridged to a core: the setup every panel test shares.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { REPO_ROOT } from '../../helpers/workspace';
import { installBridge, type BridgeTarget, type InstalledBridge } from './bridge';
import { launchChromium } from './chromium';
import { serveStatic, type StaticServer } from './static-server';

export const rendererDir = join(REPO_ROOT, 'out/renderer');
export const screenshotDir = join(REPO_ROOT, 'test-results/e2e');

export interface PanelPage {
  page: Page;
  bridge: InstalledBridge;
  /** Console errors (CSP violations among them) and uncaught renderer errors; a healthy run has none. */
  pageErrors: string[];
  close(): Promise<void>;
}

export async function openPanelPage(
  target: BridgeTarget,
  tmpDir: string,
  viewport: { width: number; height: number },
): Promise<PanelPage> {
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error(`${rendererDir}/index.html is missing: run npm run build first`);
  }
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  let bridge: InstalledBridge | undefined;
  const close = async () => {
    // Browser first, so no push is delivered into a page that is going away.
    await browser?.close();
    bridge?.dispose();
    await server?.close();
  };
  try {
    server = await serveStatic(rendererDir);
    const browserTmp = join(tmpDir, 'chromium-tmp');
    await mkdir(browserTmp, { recursive: true });
    browser = await launchChromium(browserTmp);
    const page = await browser.newPage({ viewport });
    const pageErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    bridge = await installBridge(page, target);
    await page.goto(server.url);
    bridge.forwardEvents();
    return { page, bridge, pageErrors, close };
  } catch (error) {
    await close();
    throw error;
  }
}
