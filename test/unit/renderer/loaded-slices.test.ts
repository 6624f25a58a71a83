// The slices that read one value from main on demand (startup policy, client list, token meter), built
// alone with a fake bridge: null until the first answer, a failure kept as text beside the last good
// value, a later success clearing it, and the startup slice's loading flag only while a read runs.
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { ChannelOutput, GatehouseBridge } from '../../../src/shared/ipc';
import { createCatalogSlice, type CatalogSlice } from '../../../src/renderer/catalog/catalog-slice';
import { createClientsSlice, type ClientsSlice } from '../../../src/renderer/clients/clients-slice';
import { createStartupSlice, type StartupSlice } from '../../../src/renderer/startup/startup-slice';
import { deferred, type Deferred } from './deferred';

/** A bridge channel that answers when the test says, one deferred per call. */
function channel<T>() {
  const calls: Deferred<T>[] = [];
  const call = () => {
    const answer = deferred<T>();
    calls.push(answer);
    return answer.promise;
  };
  return { calls, call };
}

const unused = () => Promise.reject(new Error('not used by this test'));

const view: ChannelOutput<'getStartupPolicy'> = { servers: [], sources: [], diagnostics: [] };

describe('slices that load one value from main', () => {
  it('startup: loading only while a read runs; a failure is kept as text beside the last view; a success clears it', async () => {
    const reads = channel<ChannelOutput<'getStartupPolicy'>>();
    const bridge: Pick<GatehouseBridge, 'getStartupPolicy' | 'previewStartupPolicy' | 'applyStartupPolicy'> = {
      getStartupPolicy: reads.call,
      previewStartupPolicy: unused,
      applyStartupPolicy: unused,
    };
    const store = createStore<StartupSlice>()(createStartupSlice<StartupSlice>(bridge));
    expect(store.getState()).toMatchObject({ startupView: null, startupError: null, startupLoading: false });

    const first = store.getState().loadStartupPolicy();
    expect(store.getState().startupLoading).toBe(true);
    reads.calls[0]?.resolve(view);
    await first;
    expect(store.getState()).toMatchObject({ startupView: view, startupError: null, startupLoading: false });

    const second = store.getState().loadStartupPolicy();
    reads.calls[1]?.reject(new Error('EACCES: .mcp.json cannot be read'));
    await second;
    expect(store.getState()).toMatchObject({ startupView: view, startupError: 'EACCES: .mcp.json cannot be read', startupLoading: false });

    const third = store.getState().loadStartupPolicy();
    reads.calls[2]?.resolve(view);
    await third;
    expect(store.getState()).toMatchObject({ startupView: view, startupError: null, startupLoading: false });
  });

  it('clients: the list arrives, a failed read keeps it and says why, the next read clears the error', async () => {
    const lists = channel<ChannelOutput<'listClients'>>();
    const bridge: Pick<GatehouseBridge, 'listClients' | 'previewClientSetup' | 'writeClientSetup'> = {
      listClients: lists.call,
      previewClientSetup: unused,
      writeClientSetup: unused,
    };
    const store = createStore<ClientsSlice>()(createClientsSlice<ClientsSlice>(bridge));
    expect(store.getState()).toMatchObject({ clientRows: null, clientsError: null });
    const row = {
      client: 'cursor',
      label: 'Cursor',
      detected: false,
      detected_by: null,
      path: '/h/.cursor/mcp.json',
      exists: false,
      entry: null,
      problem: null,
    };

    const first = store.getState().loadClients();
    lists.calls[0]?.resolve([row]);
    await first;
    expect(store.getState()).toMatchObject({ clientRows: [row], clientsError: null });

    const second = store.getState().loadClients();
    lists.calls[1]?.reject(new Error('bridge closed'));
    await second;
    expect(store.getState()).toMatchObject({ clientRows: [row], clientsError: 'bridge closed' });

    const third = store.getState().loadClients();
    lists.calls[2]?.resolve([]);
    await third;
    expect(store.getState()).toMatchObject({ clientRows: [], clientsError: null });
  });

  it('token meter: counted figures arrive, a failure is kept as text, the next count clears it', async () => {
    const counts = channel<ChannelOutput<'tokenMeter'>>();
    const bridge: Pick<GatehouseBridge, 'searchCatalog' | 'describeTool' | 'invokeTool' | 'tokenMeter'> = {
      searchCatalog: unused,
      describeTool: unused,
      invokeTool: unused,
      tokenMeter: counts.call,
    };
    const store = createStore<CatalogSlice>()(createCatalogSlice<CatalogSlice>(bridge));
    expect(store.getState()).toMatchObject({ tokenMeter: null, tokenMeterError: null });
    const meter = { method: 'o200k_base', gateway: { tools: 12, tokens: 900 }, downstream: { tools: 0, tokens: 0 }, servers: [] };

    const first = store.getState().loadTokenMeter();
    counts.calls[0]?.resolve(meter);
    await first;
    expect(store.getState()).toMatchObject({ tokenMeter: meter, tokenMeterError: null });

    const second = store.getState().loadTokenMeter();
    counts.calls[1]?.reject(new Error('tokenizer failed'));
    await second;
    expect(store.getState()).toMatchObject({ tokenMeter: meter, tokenMeterError: 'tokenizer failed' });

    const third = store.getState().loadTokenMeter();
    counts.calls[2]?.resolve(meter);
    await third;
    expect(store.getState()).toMatchObject({ tokenMeterError: null });
  });
});
