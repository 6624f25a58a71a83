/// <reference types="vite/client" />
import type { GatehouseBridge } from '../shared/ipc';

declare global {
  interface Window {
    // Optional on purpose: a missing preload must surface as a clear error, not a TypeError deep in a panel.
    // Read once, by app/bridge.ts.
    gatehouse?: GatehouseBridge;
  }
}
