// The sandboxed preload: the Electron glue around makeBridge. Runs in its own process with no Node.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { makeBridge } from './bridge';

const bridge = makeBridge(
  (channel, input) => ipcRenderer.invoke(channel, input),
  (channel, listener) => {
    const relay = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(channel, relay);
    return () => {
      ipcRenderer.removeListener(channel, relay);
    };
  },
);

contextBridge.exposeInMainWorld('gatehouse', bridge);
