import type { StateCreator } from 'zustand';
import type { ClientRow, ClientSetupInput, ClientSetupView } from '../../shared/clients';
import type { GatehouseBridge } from '../../shared/ipc';
import { loadedState } from '../ui/loaded-state';
import { type ChangeActions, type PendingChange, previewedChange } from '../ui/previewed-change';

export interface ClientsSlice {
  // The client list, read again on each visit (loadedState).
  clientRows: ClientRow[] | null;
  clientsError: string | null;
  loadClients: () => Promise<void>;
  // One client's change, previewed before it is written (previewedChange).
  /** The change shown before it is written, with the request that made it. */
  clientPreview: PendingChange<ClientSetupInput, ClientSetupView> | null;
  clientWritten: ClientSetupView | null;
  clientBusy: boolean;
  /** Preview a write or removal, write the previewed one, or drop it. */
  clientChange: ChangeActions<ClientSetupInput>;
}

type Bridge = Pick<GatehouseBridge, 'listClients' | 'previewClientSetup' | 'writeClientSetup'>;

export const createClientsSlice =
  <S extends ClientsSlice>(bridge: Bridge): StateCreator<S, [], [], ClientsSlice> =>
  (set, get) => ({
    ...loadedState(set, { value: 'clientRows', error: 'clientsError', load: 'loadClients' }, () => bridge.listClients({})),
    clientPreview: null,
    clientWritten: null,
    clientBusy: false,
    clientChange: previewedChange<S, ClientSetupInput, ClientSetupView, ClientSetupView>(
      set,
      get,
      { pending: 'clientPreview', outcome: 'clientWritten', error: 'clientsError', busy: 'clientBusy' },
      { preview: (request) => bridge.previewClientSetup(request), apply: ({ request }) => bridge.writeClientSetup(request), reload: () => get().loadClients() },
    ),
  });
