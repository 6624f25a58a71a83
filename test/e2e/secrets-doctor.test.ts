// The Secrets and Doctor panels of the built renderer in real Chromium, bridged to a real core whose
// secret store is the real keychain (gnome-keyring in scripts/with-keychain.sh's private session).
// Needs `npm run build` first. The canary value must reach the keychain and nothing the page holds.
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGatehouse } from '../../src/main/core/gatehouse';
import type { Gatehouse } from '../../src/main/core/types';
import { createSecretStore } from '../../src/main/secrets/store';
import { createWorkspace, type Workspace } from '../helpers/workspace';
import { canaryValue, keychainCoreEnv, keychainSessionPresent, requireKeychainSession } from './helpers/keychain';
import { openPanelPage, screenshotDir, type PanelPage } from './helpers/panel-page';

const UI_TIMEOUT = 15_000;
const DOCTOR_TIMEOUT = 60_000;

interface Setup {
  workspace: Workspace;
  env: NodeJS.ProcessEnv;
  gatehouse: Gatehouse;
  panel: PanelPage;
}

describe('secrets and doctor panels', () => {
  let workspace: Workspace | undefined;
  let gatehouse: Gatehouse | undefined;
  let panel: PanelPage | undefined;
  let setup: Setup | undefined;

  beforeAll(async () => {
    // Outside the private session the core would reach the operator's own keychain: build nothing and
    // let beforeEach fail each test with the command to use.
    if (!keychainSessionPresent()) return;
    workspace = createWorkspace();
    workspace.writeConfig({ mcpServers: {} });
    const env = keychainCoreEnv(workspace.home);
    gatehouse = createGatehouse({ projectDir: workspace.project, cwd: workspace.project, homeDir: workspace.home, env });
    await gatehouse.start();
    panel = await openPanelPage(gatehouse, workspace.root, { width: 1100, height: 600 });
    setup = { workspace, env, gatehouse, panel };
  });
  beforeEach(requireKeychainSession);

  afterAll(async () => {
    await panel?.close();
    await gatehouse?.stop();
    workspace?.cleanup();
  });

  const ready = (): Setup => {
    if (!setup) throw new Error('the panel page was not set up (see the beforeAll error above)');
    return setup;
  };

  it('sets a secret write-only, lists it by name and scope, and deletes it; the value never reaches the page', async () => {
    const { page, bridge, pageErrors } = ready().panel;
    const { env, workspace: ws } = ready();
    const store = createSecretStore({ env, homeDir: ws.home });
    const name = `E2E_CANARY_${randomBytes(3).toString('hex').toUpperCase()}`;
    const userCanary = canaryValue();
    const projectCanary = canaryValue();
    const canaries = [userCanary, projectCanary];

    expect(await page.getByTestId('nav-servers').getAttribute('aria-current')).toBe('page');
    await page.getByRole('button', { name: 'Secrets', exact: true }).click();
    await expect.poll(() => page.getByTestId('secrets-summary').textContent(), { timeout: UI_TIMEOUT }).toContain('keychain secret-service');
    expect(await page.getByTestId('keychain-banner').count()).toBe(0);
    expect(await page.getByTestId('secrets-empty').isVisible()).toBe(true);
    // A project is open but no tenant is chosen: project scope is offered, tenant scope is not.
    expect(await page.getByLabel('Secret scope').inputValue()).toBe('user');
    expect(await page.locator('[data-testid="secret-scope"] option[value="project"]').isDisabled()).toBe(false);
    expect(await page.locator('[data-testid="secret-scope"] option[value="tenant"]').isDisabled()).toBe(true);

    await saveSecret(page, 'user', name, userCanary);
    await expectOutcome(page, true, `${name} stored in user scope`);
    await expect.poll(() => presence(page, 'user', name), { timeout: UI_TIMEOUT }).toBe('true');
    expect(await presence(page, 'project', name)).toBe('false');
    expect(await presence(page, 'tenant', name)).toBe('false');
    expect(await page.getByTestId(`secret-effective-${name}`).textContent()).toBe('user');

    // The same name in project scope wins over user scope.
    await saveSecret(page, 'project', name, projectCanary);
    await expectOutcome(page, true, `${name} stored in project scope (${ws.project})`);
    await expect.poll(() => presence(page, 'project', name), { timeout: UI_TIMEOUT }).toBe('true');
    expect(await presence(page, 'user', name)).toBe('true');
    expect(await page.getByTestId(`secret-effective-${name}`).textContent()).toBe('project');

    // The values did reach the keychain (read main-side here, as only main may)...
    expect(await store.get({ scope: 'user' }, name)).toBe(userCanary);
    expect(await store.get({ scope: 'project', projectRoot: ws.project }, name)).toBe(projectCanary);
    // ...and nothing the page holds or was handed contains them.
    await expectNoCanary(page, bridge.toPage, canaries);

    await mkdir(screenshotDir, { recursive: true });
    await page.screenshot({ path: join(screenshotDir, 'secrets-panel.png'), fullPage: true });

    await page.getByRole('button', { name: `Delete ${name} from project scope`, exact: true }).click();
    await expectOutcome(page, true, `${name} deleted from project scope (${ws.project})`);
    await expect.poll(() => presence(page, 'project', name), { timeout: UI_TIMEOUT }).toBe('false');
    expect(await page.getByTestId(`secret-effective-${name}`).textContent()).toBe('user');

    await page.getByRole('button', { name: `Delete ${name} from user scope`, exact: true }).click();
    await expectOutcome(page, true, `${name} deleted from user scope`);
    await expect.poll(() => page.getByTestId(`secret-row-${name}`).count(), { timeout: UI_TIMEOUT }).toBe(0);
    expect(await page.getByTestId('secrets-empty').isVisible()).toBe(true);
    expect(await store.get({ scope: 'user' }, name)).toBeNull();
    expect(await store.get({ scope: 'project', projectRoot: ws.project }, name)).toBeNull();

    await expectNoCanary(page, bridge.toPage, canaries);
    // Each value went main-ward exactly once; every set and delete was followed by a fresh listing.
    expect(bridge.calls.filter((c) => c === 'setSecret')).toHaveLength(2);
    expect(bridge.calls.filter((c) => c === 'deleteSecret')).toHaveLength(2);
    expect(bridge.calls.filter((c) => c === 'listSecrets').length).toBeGreaterThanOrEqual(5);
    expect(bridge.failures).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('runs doctor and shows its findings grouped by category, failed first', async () => {
    const { page, bridge, pageErrors } = ready().panel;

    await page.getByRole('button', { name: 'Doctor', exact: true }).click();
    const run = page.getByRole('button', { name: 'Run checks', exact: true });
    await run.click();
    const environment = page.getByTestId('finding-host.environment');
    await environment.waitFor({ timeout: DOCTOR_TIMEOUT });
    expect(await run.isEnabled()).toBe(true);
    expect(await environment.getAttribute('data-status')).toBe('passed');
    expect(await environment.textContent()).toContain(process.platform);
    expect(await page.getByTestId('doctor-environment').textContent()).toMatch(new RegExp(`^(host|container) · ${process.platform} ${process.arch}$`));
    expect(['healthy', 'findings']).toContain(await page.getByTestId('doctor-status').textContent());

    // Every finding lands in exactly one total, so the rendered findings must add up to the totals.
    let total = 0;
    for (const key of ['error', 'warn', 'info', 'deferred']) {
      total += Number.parseInt((await page.getByTestId(`doctor-total-${key}`).textContent()) ?? '', 10);
    }
    const findings = page.locator('li.finding');
    expect(await findings.count()).toBe(total);

    for (const category of ['host', 'runtime']) {
      const group = page.getByTestId(`doctor-group-${category}`);
      if ((await group.count()) === 0) continue;
      const statuses: string[] = [];
      for (const item of await group.locator('li.finding').all()) statuses.push((await item.getAttribute('data-status')) ?? '');
      const rank = ['failed', 'deferred', 'skipped', 'passed'];
      expect(statuses.map((s) => rank.indexOf(s))).toEqual([...statuses.map((s) => rank.indexOf(s))].sort((a, b) => a - b));
    }
    expect(await page.getByTestId('doctor-group-host').isVisible()).toBe(true);

    await page.screenshot({ path: join(screenshotDir, 'doctor-panel.png'), fullPage: true });
    expect(bridge.calls.filter((c) => c === 'runDoctor')).toHaveLength(1);
    expect(bridge.failures).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

async function saveSecret(page: Page, scope: 'user' | 'project', name: string, value: string): Promise<void> {
  await page.getByLabel('Secret scope').selectOption(scope);
  await page.getByLabel('Secret name').fill(name);
  await page.getByLabel('Secret value').fill(value);
  await page.getByRole('button', { name: 'Save secret', exact: true }).click();
  // Emptied as the value is sent, before the core has even answered.
  expect(await page.getByLabel('Secret value').inputValue()).toBe('');
}

async function expectOutcome(page: Page, ok: boolean, message: string): Promise<void> {
  const outcome = page.getByTestId('secret-outcome');
  await expect.poll(() => outcome.textContent(), { timeout: UI_TIMEOUT }).toContain(message);
  expect(await outcome.getAttribute('data-ok')).toBe(String(ok));
}

function presence(page: Page, scope: string, name: string): Promise<string | null> {
  return page.getByTestId(`secret-${scope}-${name}`).getAttribute('data-present');
}

async function expectNoCanary(page: Page, toPage: string[], canaries: string[]): Promise<void> {
  // page.content() serialises attributes, not live field values, so the fields are read separately.
  const html = await page.content();
  const fields = String(await page.evaluate("JSON.stringify([...document.querySelectorAll('input, select, textarea')].map((el) => el.value))"));
  const crossed = toPage.join('\n');
  expect(toPage.length).toBeGreaterThan(0);
  for (const canary of canaries) {
    expect(html).not.toContain(canary);
    expect(fields).not.toContain(canary);
    expect(crossed).not.toContain(canary);
  }
}
