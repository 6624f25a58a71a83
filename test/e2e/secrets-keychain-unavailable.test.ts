// The Secrets panel when the OS keychain cannot be reached: a real core in a process with no D-Bus
// session bus, so the native keyring module itself finds none. Needs no keychain and touches none.
// The bus address is unset in this test file's own worker process (the native module reads the real
// process environment, not the env handed to the core), and restored afterwards.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatehouse } from '../../src/main/core/gatehouse';
import type { Gatehouse } from '../../src/main/core/types';
import { createWorkspace, type Workspace } from '../helpers/workspace';
import { canaryValue } from './helpers/keychain';
import { openPanelPage, screenshotDir, type PanelPage } from './helpers/panel-page';

const UI_TIMEOUT = 15_000;

describe('secrets panel without a keychain', () => {
  const saved = { bus: process.env.DBUS_SESSION_BUS_ADDRESS, runtime: process.env.XDG_RUNTIME_DIR };
  let workspace: Workspace | undefined;
  let gatehouse: Gatehouse | undefined;
  let panel: PanelPage | undefined;

  beforeAll(async () => {
    workspace = createWorkspace();
    // An empty runtime folder too, or the bus library would find a session bus at $XDG_RUNTIME_DIR/bus.
    const runtime = join(workspace.root, 'run');
    mkdirSync(runtime, { mode: 0o700 });
    delete process.env.DBUS_SESSION_BUS_ADDRESS;
    process.env.XDG_RUNTIME_DIR = runtime;
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH ?? '', GATEHOUSE_CATALOG_INDEX: process.env.GATEHOUSE_CATALOG_INDEX ?? '',
      HOME: workspace.home,
      XDG_CONFIG_HOME: join(workspace.home, '.config'),
      XDG_STATE_HOME: join(workspace.home, '.local', 'state'),
      XDG_RUNTIME_DIR: runtime,
      GATEHOUSE_KEYCHAIN_SERVICE: `dev.gatehouse.test.e2e.${randomBytes(4).toString('hex')}`,
    };
    workspace.writeConfig({ mcpServers: {} });
    gatehouse = createGatehouse({ projectDir: workspace.project, cwd: workspace.project, homeDir: workspace.home, env });
    await gatehouse.start();
    panel = await openPanelPage(gatehouse, workspace.root, { width: 1100, height: 640 });
  });

  afterAll(async () => {
    await panel?.close();
    await gatehouse?.stop();
    workspace?.cleanup();
    for (const [key, value] of [['DBUS_SESSION_BUS_ADDRESS', saved.bus], ['XDG_RUNTIME_DIR', saved.runtime]] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it('shows the keychain state with its reason, detail and next step, and a refused write as a coded answer', async () => {
    if (!panel) throw new Error('the panel page was not set up (see the beforeAll error above)');
    const { page, bridge, pageErrors } = panel;
    const canary = canaryValue();

    await page.getByRole('button', { name: 'Secrets', exact: true }).click();
    const banner = page.getByTestId('keychain-banner');
    await banner.waitFor({ timeout: UI_TIMEOUT });
    expect(await banner.getAttribute('data-reason')).toBe('no_session_bus');
    const text = (await banner.textContent()) ?? '';
    expect(text).toContain('no D-Bus session bus');
    expect(text).toContain('Next step');
    expect(text).toContain('dbus-run-session');
    expect(await page.getByTestId('secrets-summary').textContent()).toContain('keychain unavailable');

    await page.getByLabel('Secret name').fill('E2E_NO_KEYCHAIN_TOKEN');
    await page.getByLabel('Secret value').fill(canary);
    await page.getByRole('button', { name: 'Save secret', exact: true }).click();
    expect(await page.getByLabel('Secret value').inputValue()).toBe('');
    const outcome = page.getByTestId('secret-outcome');
    await expect.poll(() => outcome.getAttribute('data-ok'), { timeout: UI_TIMEOUT }).toBe('false');
    expect(await outcome.getAttribute('role')).toBe('alert');
    expect(await outcome.textContent()).toContain('keychain_unavailable');
    expect(await outcome.textContent()).toContain('Next step');
    expect(await page.getByTestId('secrets-empty').isVisible()).toBe(true);

    expect(await page.content()).not.toContain(canary);
    expect(bridge.toPage.join('\n')).not.toContain(canary);
    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: join(screenshotDir, 'secrets-keychain-unavailable.png'), fullPage: true });
    expect(bridge.failures).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
