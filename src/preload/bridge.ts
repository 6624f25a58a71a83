// Builds `window.gatehouse` from the IPC map: one method per channel, one `on.<event>` per event, and
// nothing else (no generic invoke or on(channel) a compromised page could aim at other channels).
import {
  channelNames,
  eventNames,
  ipcChannel,
  ipcEvent,
  type GatehouseBridge,
  type Unsubscribe,
} from '../shared/ipc';

export type Invoke = (channel: string, input: unknown) => Promise<unknown>;
/** Must hand the listener the payload only; the Electron event object never reaches the page. */
export type Subscribe = (channel: string, listener: (payload: unknown) => void) => Unsubscribe;

export function makeBridge(invoke: Invoke, subscribe: Subscribe): GatehouseBridge {
  const methods = Object.fromEntries(
    channelNames.map((name) => [name, (input: unknown) => invoke(ipcChannel(name), input)]),
  );
  const on = Object.fromEntries(
    eventNames.map((name) => [
      name,
      (listener: unknown) => {
        if (typeof listener !== 'function') throw new TypeError(`gatehouse.on.${name} needs a listener function`);
        return subscribe(ipcEvent(name), (payload) => listener(payload));
      },
    ]),
  );
  // Built by iterating the map, so TypeScript cannot see the per-key types; main validates every input
  // and output against the same map, and the bridge test checks the key sets match it exactly.
  return Object.freeze({ ...methods, on: Object.freeze(on) }) as GatehouseBridge;
}
