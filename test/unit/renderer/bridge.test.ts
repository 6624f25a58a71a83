import { describe, expect, it } from 'vitest';
import type { GatehouseBridge } from '../../../src/shared/ipc';
import { findBridge } from '../../../src/renderer/app/bridge';

describe('findBridge', () => {
  it('hands back the preload bridge when there is one', () => {
    const bridge = { on: {} } as unknown as GatehouseBridge;
    expect(findBridge({ gatehouse: bridge })).toBe(bridge);
  });

  it('without a preload, every call fails with one message that says what is missing', async () => {
    const bridge = findBridge({});
    await expect(bridge.listSecrets({})).rejects.toThrow('window.gatehouse is missing: the preload bridge did not load');
    await expect(bridge.runDoctor({})).rejects.toThrow('window.gatehouse is missing');
    expect(() => bridge.on.healthChanged(() => undefined)).toThrow('window.gatehouse is missing');
  });

  it('is never taken for a promise', async () => {
    const bridge = findBridge({});
    expect(await Promise.resolve(bridge)).toBe(bridge);
  });
});
