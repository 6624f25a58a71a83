import type { StateCreator } from 'zustand';
import type { ClientRow, ClientSetupInput, ClientSetupView } from '../../shared/clients';
import type { GatehouseBridge } from '../../shared/ipc';
import { loadedState } from '../ui/loaded-state';
import { type PendingChange, previewedChange } from '../ui/previewed-change';

export interface ClientsSlice {
  clientRows: ClientRow[] | null;
  clientsError: string | null;
  /** The change shown before it is written, with the request that made it. */
  clientPreview: PendingChange<ClientSetupInput, ClientSetupView> | null;
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
  (set, get) => {
    const change = previewedChange<S, ClientSetupInput, ClientSetupView, ClientSetupView>(
      set,
      get,
      { pending: 'clientPreview', outcome: 'clientWritten', error: 'clientsError', busy: 'clientBusy' },
      { preview: (request) => bridge.previewClientSetup(request), apply: ({ request }) => bridge.writeClientSetup(request), reload: () => get().loadClients() },
    );
    return {
      ...loadedState(set, { value: 'clientRows', error: 'clientsError', load: 'loadClients' }, () => bridge.listClients({})),
      clientPreview: null,
      clientWritten: null,
      clientBusy: false,
      previewClient: change.preview,
      writeClient: change.apply,
      discardClientPreview: change.discard,
    };
  };
