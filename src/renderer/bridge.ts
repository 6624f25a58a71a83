import type { GatehouseBridge } from '../shared/ipc';

/** The preload bridge; the renderer's only way to reach main. */
export function getBridge(): GatehouseBridge {
  const bridge = window.gatehouse;
  if (!bridge) {
    throw new Error('window.gatehouse is missing: the preload bridge did not load, so the panel cannot reach Gatehouse.');
  }
  return bridge;
}
