// The tray icon: a status line in the tooltip and a menu rebuilt from each newer health snapshot.
import { Menu, Tray, nativeImage } from 'electron';
import type { MenuItemConstructorOptions } from 'electron';
import type { HealthSnapshot } from '../../shared/domain';
import type { GatehouseApi } from '../../shared/ipc';
import type { GatehouseEvents } from '../core/events';
import { createGenerationGate } from '../../shared/generation-gate';
import { buildTrayMenu, type TrayAction, type TrayMenuItem } from './tray-menu';

export interface TrayInput {
  iconPath: string;
  api: Pick<GatehouseApi, 'listHealth' | 'startServer' | 'stopServer'>;
  events: Pick<GatehouseEvents, 'on'>;
  openWindow: () => void;
  quit: () => void;
  log: (line: string) => void;
}

export interface GatehouseTray {
  dispose(): void;
}

export function createTray({ iconPath, api, events, openWindow, quit, log }: TrayInput): GatehouseTray {
  const tray = new Tray(nativeImage.createFromPath(iconPath));
  const gate = createGenerationGate();

  const run = (action: TrayAction): void => {
    if (action.type === 'open') {
      openWindow();
      return;
    }
    if (action.type === 'quit') {
      quit();
      return;
    }
    const call = action.type === 'startServer' ? api.startServer({ name: action.name }) : api.stopServer({ name: action.name });
    call.then(
      (result) => { if (!result.ok) log(`gatehouse: tray ${action.type} ${action.name}: ${result.message}`); },
      (error: unknown) => log(`gatehouse: tray ${action.type} ${action.name} failed: ${String(error)}`),
    );
  };

  const render = (snapshot: HealthSnapshot | null): void => {
    const model = buildTrayMenu(snapshot);
    tray.setToolTip(model.status);
    tray.setContextMenu(Menu.buildFromTemplate(model.items.map((item) => toTemplate(item, run))));
  };

  const apply = (snapshot: HealthSnapshot): void => {
    if (gate.accept(snapshot.generation)) render(snapshot);
  };

  render(null);
  const unsubscribe = events.on('healthChanged', apply);
  // The push stream only carries changes; the first picture comes from a pull, ordered by the same gate.
  api.listHealth({}).then(apply, (error: unknown) => log(`gatehouse: tray could not read health: ${String(error)}`));
  tray.on('click', openWindow);

  return {
    dispose() {
      unsubscribe();
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
    case 'server':
      return { label: item.label, submenu: [{ label: item.toggle.label, click: () => run(item.toggle.action) }] };
  }
}
