import { describe, expect, it, vi } from 'vitest';
import { makeBridge, type Subscribe } from '../../../src/preload/bridge';
import { channelNames, eventNames, ipcChannel, ipcEvent } from '../../../src/shared/ipc';
import { snapshot } from '../../helpers/health-fixtures';

function fakeSubscribe() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const subscribe: Subscribe = (channel, listener) => {
    const set = listeners.get(channel) ?? new Set();
    set.add(listener);
    listeners.set(channel, set);
    return () => set.delete(listener);
  };
  const push = (channel: string, payload: unknown) => {
    for (const listener of listeners.get(channel) ?? []) listener(payload);
  };
  return { subscribe, push, listeners };
}

describe('makeBridge', () => {
  it('exposes exactly one method per channel plus on.<event>, nothing generic', () => {
    const bridge = makeBridge(vi.fn(), fakeSubscribe().subscribe);
    expect(Object.keys(bridge).sort()).toEqual([...channelNames, 'on'].sort());
    expect(Object.keys(bridge.on).sort()).toEqual([...eventNames].sort());
    for (const name of channelNames) expect(typeof bridge[name]).toBe('function');
    expect(bridge).not.toHaveProperty('invoke');
    expect(bridge).not.toHaveProperty('send');
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(Object.isFrozen(bridge.on)).toBe(true);
  });

  it('invokes each channel on its own IPC channel with the input as given', async () => {
    const invoke = vi.fn(async (channel: string) => `reply from ${channel}`);
    const bridge = makeBridge(invoke, fakeSubscribe().subscribe);
    await expect(bridge.startServer({ name: 'files' })).resolves.toBe('reply from gatehouse:invoke:startServer');
    await bridge.listHealth({});
    expect(invoke.mock.calls).toEqual([
      [ipcChannel('startServer'), { name: 'files' }],
      [ipcChannel('listHealth'), {}],
    ]);
  });

  it('delivers event payloads to the listener and stops after unsubscribe', () => {
    const { subscribe, push } = fakeSubscribe();
    const bridge = makeBridge(vi.fn(), subscribe);
    const listener = vi.fn();
    const unsubscribe = bridge.on.healthChanged(listener);
    push(ipcEvent('healthChanged'), snapshot(2, []));
    push(ipcEvent('configIssuesChanged'), []);
    expect(listener.mock.calls).toEqual([[snapshot(2, [])]]);
    unsubscribe();
    push(ipcEvent('healthChanged'), snapshot(3, []));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('refuses a listener that is not a function', () => {
    const bridge = makeBridge(vi.fn(), fakeSubscribe().subscribe);
    // What a page could pass at run time despite the types.
    const notAFunction = 'oops' as unknown as () => void;
    expect(() => bridge.on.configIssuesChanged(notAFunction)).toThrow(/gatehouse\.on\.configIssuesChanged needs a listener/);
  });
});
