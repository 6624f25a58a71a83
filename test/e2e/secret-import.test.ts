// Secrets' import from an env file, in real Chromium against a real core and the real keychain of
// scripts/with-keychain.sh's private session: the panel sends a path, main reads the file, the preview
// and the result name the variables only. The canary value reaches the keychain and nothing the page holds.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGatehouse } from '../../src/main/core/gatehouse';
import type { Gatehouse } from '../../src/main/core/types';
import { createSecretStore } from '../../src/main/secrets/store';
import { createWorkspace, type Workspace } from '../helpers/workspace';
import { canaryValue, keychainCoreEnv, keychainSessionPresent, requireKeychainSession } from './helpers/keychain';
import { openPanelPage, screenshotDir, type PanelPage } from './helpers/panel-page';

const WAIT = 15_000;

describe('secret import from an env file', () => {
  let workspace: Workspace | undefined;
  let gatehouse: Gatehouse | undefined;
  let panel: PanelPage | undefined;
  let env: NodeJS.ProcessEnv = {};

  beforeAll(async () => {
    if (!keychainSessionPresent()) return;
    workspace = createWorkspace();
    workspace.writeConfig({ mcpServers: {} });
    env = keychainCoreEnv(workspace.home);
    gatehouse = createGatehouse({ projectDir: workspace.project, cwd: workspace.project, homeDir: workspace.home, env, log: () => undefined });
    await gatehouse.start();
    panel = await openPanelPage(gatehouse, workspace.root, { width: 1100, height: 800 });
  });
  beforeEach(requireKeychainSession);

  afterAll(async () => {
    await panel?.close();
    await gatehouse?.stop();
    workspace?.cleanup();
  });

  it('previews names only, imports into the keychain, and the value never reaches the page', async () => {
    if (!panel || !workspace) throw new Error('the panel page was not set up (see the beforeAll error above)');
    const { page, bridge, pageErrors } = panel;
    const canary = canaryValue();
    const file = join(workspace.root, 'import.env');
    writeFileSync(file, `# imported by the e2e test\nE2E_IMPORT_TOKEN=${canary}\n`);

    await page.getByTestId('nav-secrets').click();
    const form = page.getByTestId('secret-import');
    await form.getByLabel('File (absolute path)').fill(file);
    await form.getByRole('button', { name: 'Preview import' }).click();
    const preview = page.getByTestId('import-preview');
    await preview.waitFor({ timeout: WAIT });
    expect(await preview.textContent()).toContain('E2E_IMPORT_TOKEN');
    expect(await preview.textContent()).toContain('add');
    await preview.getByRole('button', { name: /^Import 1 value/ }).click();
    await page.getByTestId('import-result').waitFor({ timeout: WAIT });
    expect(await page.getByTestId('import-result').textContent()).toContain('Stored 1 value');
    await expect.poll(() => page.getByTestId('secrets-summary').textContent(), { timeout: WAIT }).toMatch(/1 name/);

    const store = createSecretStore({ env, homeDir: workspace.home });
    expect(await store.get({ scope: 'user' }, 'E2E_IMPORT_TOKEN')).toBe(canary);
    await page.screenshot({ path: join(screenshotDir, 'views', 'secrets-import.png'), fullPage: true });
    // Not in the DOM, not in anything main handed the page.
    expect(await page.content()).not.toContain(canary);
    expect(bridge.toPage.some((text) => text.includes(canary))).toBe(false);
    expect(bridge.failures).toEqual([]);
    expect(pageErrors).toEqual([]);
    await store.delete({ scope: 'user' }, 'E2E_IMPORT_TOKEN');
  });
});
