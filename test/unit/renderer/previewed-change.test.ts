// The two slices that preview a file change before writing it (a client's config, the startup lists),
// built alone with a stand-in bridge: the preview is kept with its request, a refused write keeps it on
// screen beside the refusal, a written one clears it, every write reads the list again, a failure is
// said as text, and the clients' busy flag is up only while a step runs.
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { ChannelInput, ChannelOutput } from '../../../src/shared/ipc';
import { createClientsSlice, type ClientsSlice } from '../../../src/renderer/clients/clients-slice';
import { createStartupSlice, type StartupSlice } from '../../../src/renderer/startup/startup-slice';
import { deferred, type Deferred } from './deferred';

/** A bridge channel that records what it was asked and answers when the test says. */
function channel<I, T>() {
  const asked: I[] = [];
  const calls: Deferred<T>[] = [];
  const call = (input: I) => {
    asked.push(input);
    const answer = deferred<T>();
    calls.push(answer);
    return answer.promise;
  };
  return { asked, calls, call };
}

/** A reading channel that answers at once with `answer`, counting how often it was asked. */
function counted<T>(answer: T) {
  let asked = 0;
  return {
    call: async () => {
      asked += 1;
      return answer;
    },
    count: () => asked,
  };
}

const clientView = (ok: boolean): ChannelOutput<'previewClientSetup'> => ({
  client: 'cursor',
  label: 'Cursor',
  path: '/h/.cursor/mcp.json',
  exists: true,
  ok,
  action: 'set',
  location: 'mcpServers.gatehouse',
  changed: true,
  points_at: null,
  diff: ['+ "gatehouse": {}'],
  written: false,
  problem: ok ? null : { code: 'E_CHANGED', message: 'the file changed since the preview; preview again' },
});

const startupPreview = (digest: string | null): ChannelOutput<'previewStartupPolicy'> => ({
  ok: digest !== null,
  changed: true,
  source: 'project',
  path: '/p/.mcp.json',
  exists: true,
  before: [],
  after: ['x'],
  diff: ['+ "autoStart": ["x"]'],
  digest,
  message: digest ? 'x will start with the gateway.' : 'The file cannot be read.',
  diagnostics: [],
});

describe('slices that preview a change before writing it', () => {
  it('clients: busy while a step runs; a refused write keeps the preview, a written one clears it; each write reads the list again', async () => {
    const lists = counted<ChannelOutput<'listClients'>>([]);
    const previews = channel<ChannelInput<'previewClientSetup'>, ChannelOutput<'previewClientSetup'>>();
    const writes = channel<ChannelInput<'writeClientSetup'>, ChannelOutput<'writeClientSetup'>>();
    const store = createStore<ClientsSlice>()(createClientsSlice<ClientsSlice>({ listClients: lists.call, previewClientSetup: previews.call, writeClientSetup: writes.call }));
    const request = { client: 'cursor', action: 'set' as const, mode: 'stdio' as const };

    const preview = store.getState().clientChange.preview(request);
    expect(store.getState().clientBusy).toBe(true);
    previews.calls[0]?.resolve(clientView(true));
    await preview;
    expect(store.getState()).toMatchObject({ clientBusy: false, clientPreview: { request, view: clientView(true) }, clientWritten: null });

    const refused = store.getState().clientChange.apply();
    expect(store.getState().clientBusy).toBe(true);
    writes.calls[0]?.resolve(clientView(false));
    await refused;
    expect(writes.asked).toEqual([request]);
    expect(store.getState()).toMatchObject({ clientBusy: false, clientWritten: clientView(false), clientPreview: { request } });

    const written = store.getState().clientChange.apply();
    writes.calls[1]?.resolve({ ...clientView(true), written: true });
    await written;
    expect(store.getState()).toMatchObject({ clientBusy: false, clientWritten: { written: true }, clientPreview: null });
    expect(lists.count()).toBe(2);

    // A new preview clears the last outcome; a failed one says why and drops the busy flag.
    const failing = store.getState().clientChange.preview(request);
    expect(store.getState().clientWritten).toBeNull();
    previews.calls[1]?.reject(new Error('EACCES: /h/.cursor/mcp.json'));
    await failing;
    expect(store.getState()).toMatchObject({ clientBusy: false, clientsError: 'EACCES: /h/.cursor/mcp.json', clientPreview: null });
  });

  it('startup: a preview clears the last error and outcome; one without a digest writes nothing; an applied one is cleared and the lists read again', async () => {
    const reads = counted<ChannelOutput<'getStartupPolicy'>>({ servers: [], sources: [], diagnostics: [] });
    const previews = channel<ChannelInput<'previewStartupPolicy'>, ChannelOutput<'previewStartupPolicy'>>();
    const applies = channel<ChannelInput<'applyStartupPolicy'>, ChannelOutput<'applyStartupPolicy'>>();
    const store = createStore<StartupSlice>()(
      createStartupSlice<StartupSlice>({ getStartupPolicy: reads.call, previewStartupPolicy: previews.call, applyStartupPolicy: applies.call }),
    );

    const unreadable = store.getState().startupChange.preview({ name: 'x', eager: true });
    previews.calls[0]?.resolve(startupPreview(null));
    await unreadable;
    expect(store.getState().startupPreview).toEqual({ request: { name: 'x', eager: true }, view: startupPreview(null) });
    await store.getState().startupChange.apply();
    expect(applies.asked).toEqual([]);
    expect(reads.count()).toBe(0);

    store.setState({ startupError: 'an earlier failure' });
    const preview = store.getState().startupChange.preview({ name: 'x', eager: true });
    expect(store.getState()).toMatchObject({ startupError: null, startupApplied: null });
    previews.calls[1]?.resolve(startupPreview('d1'));
    await preview;

    const applied = store.getState().startupChange.apply();
    expect(applies.asked).toEqual([{ name: 'x', eager: true, digest: 'd1' }]);
    applies.calls[0]?.resolve({ ok: true, message: 'Added x to autoStart.', path: '/p/.mcp.json', diagnostics: [] });
    await applied;
    expect(store.getState()).toMatchObject({ startupPreview: null, startupApplied: { ok: true, message: 'Added x to autoStart.' } });
    expect(reads.count()).toBe(1);
  });
});
