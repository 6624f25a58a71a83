// The tray icon: a status line in the tooltip and a menu rebuilt from each newer health snapshot, each
// change of the gateway's mode and each change of the operator's switches (start at login, notifications).
import { Menu, Tray, nativeImage } from 'electron';
import type { MenuItemConstructorOptions } from 'electron';
import type { HealthSnapshot } from '../../shared/domain';
import type { GatehouseApi } from '../../shared/ipc';
import type { GatehouseEvents } from '../core/events';
import { createGenerationGate } from '../../shared/generation-gate';
import type { GatewayState } from './desktop-gateway';
import { buildTrayMenu, type TrayAction, type TrayExtras, type TrayMenuItem } from './tray-menu';

/** The gateway's mode and the operator's switches; absent, the menu shows the servers only. */
export interface TrayControls {
  state(): GatewayState;
  onState(listener: (state: GatewayState) => void): () => void;
  pause(): Promise<void>;
  resume(): Promise<void>;
  takeOver(): Promise<void>;
  preferences(): { startAtLogin: boolean; notifications: boolean };
  /** Flips one switch (persisted by the caller); the tray re-renders from preferences() afterwards. */
  toggle(key: 'startAtLogin' | 'notifications'): Promise<void>;
}

export interface TrayInput {
  iconPath: string;
  api: Pick<GatehouseApi, 'listHealth' | 'startServer' | 'stopServer'>;
  events: Pick<GatehouseEvents, 'on'>;
  controls?: TrayControls;
  openWindow: () => void;
  quit: () => void;
  log: (line: string) => void;
}

export interface GatehouseTray {
  dispose(): void;
}

export function createTray({ iconPath, api, events, controls, openWindow, quit, log }: TrayInput): GatehouseTray {
  const tray = new Tray(nativeImage.createFromPath(iconPath));
  const gate = createGenerationGate();
  let latest: HealthSnapshot | null = null;

  const extras = (): TrayExtras | undefined => (controls ? { gateway: controls.state(), ...controls.preferences() } : undefined);

  const render = (): void => {
    const model = buildTrayMenu(latest, extras());
    tray.setToolTip(model.status);
    tray.setContextMenu(Menu.buildFromTemplate(model.items.map((item) => toTemplate(item, run))));
  };

  const settle = (what: string, pending: Promise<unknown>): void => {
    pending.then(render, (error: unknown) => {
      log(`gatehouse: tray ${what} failed: ${String(error)}`);
      render();
    });
  };

  function run(action: TrayAction): void {
    switch (action.type) {
      case 'open':
        openWindow();
        return;
      case 'quit':
        quit();
        return;
      case 'startServer':
      case 'stopServer': {
        const call = action.type === 'startServer' ? api.startServer({ name: action.name }) : api.stopServer({ name: action.name });
        call.then(
          (result) => {
            if (!result.ok) log(`gatehouse: tray ${action.type} ${action.name}: ${result.message}`);
          },
          (error: unknown) => log(`gatehouse: tray ${action.type} ${action.name} failed: ${String(error)}`),
        );
        return;
      }
      case 'pause':
      case 'resume':
      case 'takeOver':
        if (controls) settle(action.type, controls[action.type]());
        return;
      case 'toggleStartAtLogin':
        if (controls) settle('start at login', controls.toggle('startAtLogin'));
        return;
      case 'toggleNotifications':
        if (controls) settle('notifications', controls.toggle('notifications'));
        return;
    }
  }

  const apply = (snapshot: HealthSnapshot): void => {
    if (!gate.accept(snapshot.generation)) return;
    latest = snapshot;
    render();
  };

  render();
  const unsubscribe = events.on('healthChanged', apply);
  const unsubscribeState = controls?.onState(render);
  // The push stream only carries changes; the first picture comes from a pull, ordered by the same gate.
  api.listHealth({}).then(apply, (error: unknown) => log(`gatehouse: tray could not read health: ${String(error)}`));
  tray.on('click', openWindow);

  return {
    dispose() {
      unsubscribe();
      unsubscribeState?.();
      tray.destroy();
    },
  };
}

function toTemplate(item: TrayMenuItem, run: (action: TrayAction) => void): MenuItemConstructorOptions {
  switch (item.kind) {
    case 'separator':
      return { type: 'separator' };
    case 'label':
      return { label: item.label, enabled: false };
    case 'action':
      return { label: item.label, click: () => run(item.action) };
    case 'check':
      return { label: item.label, type: 'checkbox', checked: item.checked, click: () => run(item.action) };
    case 'server':
      return { label: item.label, submenu: [{ label: item.toggle.label, click: () => run(item.toggle.action) }] };
  }
}
