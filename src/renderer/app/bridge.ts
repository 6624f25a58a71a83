import type { GatehouseBridge } from '../../shared/ipc';

const MISSING = 'window.gatehouse is missing: the preload bridge did not load, so the panel cannot reach Gatehouse.';

/**
 * The preload bridge, looked up once at startup (main.tsx passes `window`) and handed to the store and the views:
 * nothing else reads the global, so slices and hooks can be given any bridge, a test's fake included.
 */
export function findBridge(host: { gatehouse?: GatehouseBridge }): GatehouseBridge {
  return host.gatehouse ?? unreachableBridge(new Error(MISSING));
}

/**
 * Without a preload the frame still renders: every call fails with the one clear message (the store and
 * the views show it where they show any failed call) and subscribing throws it, which the app shows as
 * its fatal banner. Built without the channel list, which would pull zod into the renderer bundle.
 */
function unreachableBridge(error: Error): GatehouseBridge {
  const fail = () => Promise.reject(error);
  const refuse = () => {
    throw error;
  };
  const on = new Proxy({}, { get: (_target, key) => (typeof key === 'string' ? refuse : undefined) });
  // `then` stays undefined so the object is never taken for a promise.
  const methods = new Proxy({}, { get: (_target, key) => (key === 'on' ? on : typeof key === 'string' && key !== 'then' ? fail : undefined) });
  return methods as GatehouseBridge;
}
