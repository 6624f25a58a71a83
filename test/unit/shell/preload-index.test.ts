import { describe, expect, it, vi } from 'vitest';
import type { GatehouseBridge } from '../../../src/shared/ipc';
import { ipcChannel, ipcEvent } from '../../../src/shared/ipc';
import { snapshot } from '../../helpers/health-fixtures';

// Electron replaced at the preload boundary: a contextBridge that records what was exposed and an
// ipcRenderer whose listeners the test can fire with a (fake) IpcRendererEvent.
const electron = vi.hoisted(() => {
  type Listener = (event: unknown, ...args: unknown[]) => void;
  const exposed = new Map<string, unknown>();
  const listeners = new Map<string, Set<Listener>>();
  return {
    exposed,
    listeners,
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
    ipcRenderer: {
      invoke: vi.fn(async (channel: string, input: unknown) => ({ channel, input })),
      on(channel: string, listener: Listener) {
        const set = listeners.get(channel) ?? new Set<Listener>();
        set.add(listener);
        listeners.set(channel, set);
      },
      removeListener(channel: string, listener: Listener) {
        listeners.get(channel)?.delete(listener);
      },
    },
  };
});
vi.mock('electron', () => ({ contextBridge: electron.contextBridge, ipcRenderer: electron.ipcRenderer }));

await import('../../../src/preload/index');

function exposedBridge(): GatehouseBridge {
  const bridge = electron.exposed.get('gatehouse');
  if (!bridge) throw new Error('window.gatehouse was not exposed');
  // The preload exposes the result of makeBridge, whose type is GatehouseBridge.
  return bridge as GatehouseBridge;
}

describe('preload', () => {
  it('exposes the bridge as window.gatehouse and nothing else', () => {
    expect([...electron.exposed.keys()]).toEqual(['gatehouse']);
  });

  it('calls ipcRenderer.invoke on the channel string', async () => {
    await expect(exposedBridge().stopServer({ name: 'git' })).resolves.toEqual({ channel: ipcChannel('stopServer'), input: { name: 'git' } });
  });

  it('passes listeners the payload only, never the IpcRendererEvent, and removes them on unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = exposedBridge().on.healthChanged(listener);
    const channel = ipcEvent('healthChanged');
    const fakeEvent = { sender: { send: () => {} }, ports: [] };
    for (const relay of electron.listeners.get(channel) ?? []) relay(fakeEvent, snapshot(7, []), 'extra');
    expect(listener.mock.calls).toEqual([[snapshot(7, [])]]);
    unsubscribe();
    expect(electron.listeners.get(channel)?.size).toBe(0);
  });
});
