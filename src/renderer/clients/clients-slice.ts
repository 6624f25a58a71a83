import type { StateCreator } from 'zustand';
import type { ClientRow, ClientSetupInput, ClientSetupView } from '../../shared/clients';
import type { GatehouseBridge } from '../../shared/ipc';
import { describeError } from '../ui/describe-error';
import { loadedState } from '../ui/loaded-state';

export interface ClientsSlice {
  clientRows: ClientRow[] | null;
  clientsError: string | null;
  /** The change shown before it is written, with the request that made it. */
  clientPreview: { request: ClientSetupInput; view: ClientSetupView } | null;
  clientWritten: ClientSetupView | null;
  clientBusy: boolean;
  loadClients: () => Promise<void>;
  previewClient: (request: ClientSetupInput) => Promise<void>;
  writeClient: () => Promise<void>;
  discardClientPreview: () => void;
}

type Bridge = Pick<GatehouseBridge, 'listClients' | 'previewClientSetup' | 'writeClientSetup'>;

export const createClientsSlice =
  <S extends ClientsSlice>(bridge: Bridge): StateCreator<S, [], [], ClientsSlice> =>
  (set, get) => ({
    ...loadedState(set, { value: 'clientRows', error: 'clientsError', load: 'loadClients' }, () => bridge.listClients({})),
    clientPreview: null,
    clientWritten: null,
    clientBusy: false,
    previewClient: async (request) => {
      set({ clientBusy: true, clientWritten: null } as Partial<S>);
      try {
        set({ clientPreview: { request, view: await bridge.previewClientSetup(request) }, clientBusy: false } as Partial<S>);
      } catch (error) {
        set({ clientsError: describeError(error), clientBusy: false } as Partial<S>);
      }
    },
    writeClient: async () => {
      const pending = get().clientPreview;
      if (!pending) return;
      set({ clientBusy: true } as Partial<S>);
      try {
        const written = await bridge.writeClientSetup(pending.request);
        set({ clientWritten: written, clientPreview: written.ok ? null : pending, clientBusy: false } as Partial<S>);
      } catch (error) {
        set({ clientsError: describeError(error), clientBusy: false } as Partial<S>);
      }
      await get().loadClients();
    },
    discardClientPreview: () => set({ clientPreview: null } as Partial<S>),
  });
