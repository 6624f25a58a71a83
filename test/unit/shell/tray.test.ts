import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { createEvents } from '../../../src/main/core/events';
import type { HealthSnapshot } from '../../../src/shared/domain';
import { row, snapshot } from '../../helpers/health-fixtures';

// Electron replaced at the shell boundary: a tray that records what it was told to show.
const electron = vi.hoisted(() => {
  class FakeTray {
    static instances: FakeTray[] = [];
    tooltip = '';
    menu: MenuItemConstructorOptions[] = [];
    listeners = new Map<string, () => void>();
    destroyed = false;
    constructor(readonly image: unknown) {
      FakeTray.instances.push(this);
    }
    setToolTip(text: string) {
      this.tooltip = text;
    }
    setContextMenu(menu: MenuItemConstructorOptions[]) {
      this.menu = menu;
    }
    on(event: string, listener: () => void) {
      this.listeners.set(event, listener);
    }
    destroy() {
      this.destroyed = true;
    }
  }
  return {
    FakeTray,
    Tray: FakeTray,
    Menu: { buildFromTemplate: (template: MenuItemConstructorOptions[]) => template },
    nativeImage: { createFromPath: (path: string) => ({ path }) },
  };
});
vi.mock('electron', () => ({ Tray: electron.Tray, Menu: electron.Menu, nativeImage: electron.nativeImage }));

const { createTray } = await import('../../../src/main/shell/tray');

function setup(initial: HealthSnapshot = snapshot(0, [])) {
  const events = createEvents();
  const api = {
    listHealth: vi.fn(async () => initial),
    startServer: vi.fn(async ({ name }: { name: string }) => ({ ok: true, row: null, message: name })),
    stopServer: vi.fn(async ({ name }: { name: string }) => ({ ok: false, row: null, message: `${name} is not running` })),
  };
  const openWindow = vi.fn();
  const quit = vi.fn();
  const log = vi.fn();
  const handle = createTray({ iconPath: '/res/tray-icon.png', api, events, openWindow, quit, log });
  const tray = electron.FakeTray.instances.at(-1);
  if (!tray) throw new Error('no tray created');
  return { events, api, openWindow, quit, log, handle, tray };
}

const labels = (menu: MenuItemConstructorOptions[]) => menu.map((item) => item.label ?? `(${item.type})`);
const item = (menu: MenuItemConstructorOptions[], label: string) => {
  const found = menu.find((entry) => entry.label?.startsWith(label));
  if (!found) throw new Error(`no menu item "${label}" in ${labels(menu).join(', ')}`);
  return found;
};
// Electron's click handler takes (menuItem, window, event); the tray's handlers ignore all three.
const click = (entry: MenuItemConstructorOptions) => (entry.click as unknown as () => void)();

beforeEach(() => {
  electron.FakeTray.instances.length = 0;
});

describe('createTray', () => {
  it('loads the icon and shows the initial pulled snapshot', async () => {
    const { tray } = setup(snapshot(2, [row('files', 'online'), row('git', 'lazy')]));
    expect(tray.image).toEqual({ path: '/res/tray-icon.png' });
    await vi.waitFor(() => expect(tray.tooltip).toBe('Gatehouse — 1 of 2 servers online'));
    expect(labels(tray.menu)).toContain('files — online (3 tools)');
  });

  it('follows pushed snapshots and drops stale generations', async () => {
    const { tray, events } = setup(snapshot(1, [row('files', 'lazy')]));
    await vi.waitFor(() => expect(tray.tooltip).toBe('Gatehouse — 0 of 1 server online'));
    events.emit('healthChanged', snapshot(5, [row('files', 'online'), row('git', 'error')]));
    expect(tray.tooltip).toBe('Gatehouse — 1 of 2 servers online, 1 error');
    events.emit('healthChanged', snapshot(4, [row('files', 'stopped')]));
    events.emit('healthChanged', snapshot(5, [row('files', 'stopped')]));
    expect(tray.tooltip).toBe('Gatehouse — 1 of 2 servers online, 1 error');
    events.emit('healthChanged', snapshot(6, [row('files', 'online')]));
    expect(tray.tooltip).toBe('Gatehouse — 1 of 1 server online');
  });

  it('ignores an initial pull that arrives after a newer push', async () => {
    let resolvePull: (value: HealthSnapshot) => void = () => {};
    const events = createEvents();
    const api = {
      listHealth: vi.fn(() => new Promise<HealthSnapshot>((resolve) => { resolvePull = resolve; })),
      startServer: vi.fn(),
      stopServer: vi.fn(),
    };
    createTray({ iconPath: '/x.png', api, events, openWindow: vi.fn(), quit: vi.fn(), log: vi.fn() });
    const tray = electron.FakeTray.instances.at(-1);
    events.emit('healthChanged', snapshot(9, [row('files', 'online')]));
    resolvePull(snapshot(3, [row('files', 'error')]));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(tray?.tooltip).toBe('Gatehouse — 1 of 1 server online');
  });

  it('wires Open, Quit, a tray click and the per-server toggles to the API', async () => {
    const { tray, events, api, openWindow, quit, log } = setup();
    events.emit('healthChanged', snapshot(3, [row('files', 'online'), row('git', 'error')]));
    click(item(tray.menu, 'Open Gatehouse'));
    tray.listeners.get('click')?.();
    expect(openWindow).toHaveBeenCalledTimes(2);
    click(item(tray.menu, 'Quit Gatehouse'));
    expect(quit).toHaveBeenCalledTimes(1);
    const [retry] = item(tray.menu, 'git —').submenu as MenuItemConstructorOptions[];
    expect(retry?.label).toBe('Retry');
    click(retry ?? {});
    expect(api.startServer).toHaveBeenCalledWith({ name: 'git' });
    const [stop] = item(tray.menu, 'files —').submenu as MenuItemConstructorOptions[];
    click(stop ?? {});
    expect(api.stopServer).toHaveBeenCalledWith({ name: 'files' });
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith(expect.stringContaining('files is not running')));
  });

  it('stops listening and removes the icon on dispose', async () => {
    const { tray, events, handle } = setup();
    await vi.waitFor(() => expect(tray.tooltip).toBe('Gatehouse — no servers configured'));
    handle.dispose();
    expect(tray.destroyed).toBe(true);
    events.emit('healthChanged', snapshot(10, [row('files', 'online')]));
    expect(tray.tooltip).toBe('Gatehouse — no servers configured');
  });

  it('shows the gateway mode and the switches, and wires Pause, Take over and the switches to the controls', async () => {
    const events = createEvents();
    const api = { listHealth: vi.fn(async () => snapshot(1, [])), startServer: vi.fn(), stopServer: vi.fn() };
    let state: import('../../../src/main/shell/desktop-gateway').GatewayState = { mode: 'serving', url: 'http://127.0.0.1:3344/mcp' };
    let notify: (next: typeof state) => void = () => {};
    const prefs = { startAtLogin: false, notifications: true };
    const controls = {
      state: () => state,
      onState: (listener: (next: typeof state) => void) => {
        notify = listener;
        return () => {};
      },
      pause: vi.fn(async () => {
        state = { mode: 'paused' };
      }),
      resume: vi.fn(async () => {}),
      takeOver: vi.fn(async () => {}),
      preferences: () => ({ ...prefs }),
      toggle: vi.fn(async (key: 'startAtLogin' | 'notifications') => {
        prefs[key] = !prefs[key];
      }),
    };
    createTray({ iconPath: '/x.png', api, events, controls, openWindow: vi.fn(), quit: vi.fn(), log: vi.fn() });
    const tray = electron.FakeTray.instances.at(-1);
    if (!tray) throw new Error('no tray');
    expect(labels(tray.menu)).toContain('Serving MCP at http://127.0.0.1:3344/mcp');
    expect(item(tray.menu, 'Start at login')).toMatchObject({ type: 'checkbox', checked: false });
    click(item(tray.menu, 'Pause gateway'));
    await vi.waitFor(() => expect(labels(tray.menu)).toContain('Resume gateway'));
    expect(controls.pause).toHaveBeenCalledTimes(1);
    click(item(tray.menu, 'Start at login'));
    await vi.waitFor(() => expect(item(tray.menu, 'Start at login')).toMatchObject({ checked: true }));
    expect(controls.toggle).toHaveBeenCalledWith('startAtLogin');
    state = { mode: 'attached', pid: 4321, url: 'http://127.0.0.1:3344/mcp', lost: null };
    notify(state);
    expect(labels(tray.menu)).toContain('Attached to the gateway pid 4321 at http://127.0.0.1:3344/mcp');
    click(item(tray.menu, 'Take over from the gateway pid 4321'));
    expect(controls.takeOver).toHaveBeenCalledTimes(1);
  });
});
