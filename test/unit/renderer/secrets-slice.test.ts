// The secrets slice built alone: its bridge is a fake passed in, with no window and no preload.
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { ChannelInput, ChannelOutput, GatehouseBridge } from '../../../src/shared/ipc';
import { createSecretsSlice, type SecretsSlice } from '../../../src/renderer/secrets/secrets-slice';
import { deferred, type Deferred } from './deferred';

type Listing = ChannelOutput<'listSecrets'>;
type WriteResult = ChannelOutput<'setSecret'>;

const listing = (...names: string[]): Listing => ({
  keychain: { available: true, backend: 'test' },
  index_path: '/state/secrets.json',
  project_root: null,
  tenant: null,
  names: names.map((name) => ({
    name,
    env: false,
    effective: 'user',
    user: { present: true, last_changed: '2026-01-01T00:00:00.000Z' },
    project: { present: false, last_changed: null },
    tenant: { present: false, last_changed: null },
  })),
});

const deleted: WriteResult = { ok: true, code: null, message: 'Deleted TOKEN from user scope.', next_step: null, last_changed: null };

/** Each call to a channel waits for the test to answer it. */
function fakeBridge() {
  const lists: Deferred<Listing>[] = [];
  const deletes: { ref: ChannelInput<'deleteSecret'>; answer: Deferred<WriteResult> }[] = [];
  const bridge: Pick<GatehouseBridge, 'listSecrets' | 'deleteSecret'> = {
    listSecrets: () => {
      const answer = deferred<Listing>();
      lists.push(answer);
      return answer.promise;
    },
    deleteSecret: (ref) => {
      const answer = deferred<WriteResult>();
      deletes.push({ ref, answer });
      return answer.promise;
    },
  };
  return { bridge, lists, deletes };
}

const newStore = (bridge: Pick<GatehouseBridge, 'listSecrets' | 'deleteSecret'>) =>
  createStore<SecretsSlice>()(createSecretsSlice<SecretsSlice>(bridge));

/** Lets the slice's awaits run after the test settled a fake call. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('secrets slice', () => {
  it('needs no window: the slice lists through the bridge it was given', async () => {
    expect('window' in globalThis).toBe(false);
    const { bridge, lists } = fakeBridge();
    const store = newStore(bridge);
    const refreshed = store.getState().refreshSecrets();
    expect(store.getState().secretsLoading).toBe(true);
    lists[0]?.resolve(listing('TOKEN'));
    await refreshed;
    expect(store.getState().secretListing?.names.map((n) => n.name)).toEqual(['TOKEN']);
    expect(store.getState().secretsLoading).toBe(false);
  });

  it('keeps the newest listing when an earlier request answers last', async () => {
    const { bridge, lists } = fakeBridge();
    const store = newStore(bridge);
    const first = store.getState().refreshSecrets();
    const second = store.getState().refreshSecrets();
    lists[1]?.resolve(listing('NEW'));
    await second;
    lists[0]?.resolve(listing('OLD'));
    await first;
    expect(store.getState().secretListing?.names.map((n) => n.name)).toEqual(['NEW']);
  });

  it('shows a failed listing as an error message', async () => {
    const { bridge, lists } = fakeBridge();
    const store = newStore(bridge);
    const refreshed = store.getState().refreshSecrets();
    lists[0]?.reject(new Error('the keychain is locked'));
    await refreshed;
    expect(store.getState().secretsError).toBe('the keychain is locked');
    expect(store.getState().secretsLoading).toBe(false);
  });

  it('deletes one secret at a time, records the answer, then lists again', async () => {
    const { bridge, lists, deletes } = fakeBridge();
    const store = newStore(bridge);
    const ref = { scope: 'user' as const, name: 'TOKEN', tenant: null };
    const removal = store.getState().deleteSecret(ref);
    expect(store.getState().secretDeleting).toBe('user:TOKEN');
    await store.getState().deleteSecret({ ...ref, name: 'OTHER' });
    expect(deletes.map((d) => d.ref.name)).toEqual(['TOKEN']);

    deletes[0]?.answer.resolve(deleted);
    await settle();
    expect(store.getState().secretOutcome).toEqual({ action: 'delete', name: 'TOKEN', scope: 'user', result: deleted });
    expect(store.getState().secretDeleting).toBeNull();
    lists[0]?.resolve(listing());
    await removal;
    expect(store.getState().secretListing?.names).toEqual([]);
  });

  it('shows a rejected delete where the core refusals go, with the bridge_error code', async () => {
    const { bridge, lists, deletes } = fakeBridge();
    const store = newStore(bridge);
    const removal = store.getState().deleteSecret({ scope: 'project', name: 'TOKEN', tenant: null });
    deletes[0]?.answer.reject(new Error('Gatehouse is not running'));
    await settle();
    lists[0]?.resolve(listing());
    await removal;
    expect(store.getState().secretOutcome?.result).toEqual({
      ok: false,
      code: 'bridge_error',
      message: 'Gatehouse is not running',
      next_step: null,
      last_changed: null,
    });
    expect(store.getState().secretDeleting).toBeNull();
  });
});
