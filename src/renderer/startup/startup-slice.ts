import type { StateCreator } from 'zustand';
import type { GatehouseBridge } from '../../shared/ipc';
import type { StartupPolicyApplied, StartupPolicyChange, StartupPolicyPreview, StartupPolicyView } from '../../shared/startup-policy';
import { loadedState } from '../ui/loaded-state';
import { type ChangeActions, type PendingChange, previewedChange } from '../ui/previewed-change';

export interface StartupSlice {
  // The policy of every server, read again when a health change touches it (loadedState).
  startupView: StartupPolicyView | null;
  startupLoading: boolean;
  startupError: string | null;
  loadStartupPolicy: () => Promise<void>;
  // One toggle, previewed as the exact file change before it is applied (previewedChange).
  /** The toggle being previewed, and the exact file change it would make. */
  startupPreview: PendingChange<StartupPolicyChange, StartupPolicyPreview> | null;
  startupApplied: StartupPolicyApplied | null;
  /** Preview a toggle (clearing the last error), apply the previewed one, or drop it. */
  startupChange: ChangeActions<StartupPolicyChange>;
}

type Bridge = Pick<GatehouseBridge, 'getStartupPolicy' | 'previewStartupPolicy' | 'applyStartupPolicy'>;

export const createStartupSlice =
  <S extends StartupSlice>(bridge: Bridge): StateCreator<S, [], [], StartupSlice> =>
  (set, get) => {
    const change = previewedChange<S, StartupPolicyChange, StartupPolicyPreview, StartupPolicyApplied>(
      set,
      get,
      { pending: 'startupPreview', outcome: 'startupApplied', error: 'startupError' },
      {
        preview: (request) => bridge.previewStartupPolicy(request),
        // A preview without a digest (the file could not be read) has nothing to apply.
        apply: ({ request, view }) => (view.digest ? bridge.applyStartupPolicy({ ...request, digest: view.digest }) : null),
        reload: () => get().loadStartupPolicy(),
      },
    );
    return {
      ...loadedState(set, { value: 'startupView', error: 'startupError', load: 'loadStartupPolicy', loading: 'startupLoading' }, () =>
        bridge.getStartupPolicy({}),
      ),
      startupLoading: false,
      startupPreview: null,
      startupApplied: null,
      startupChange: {
        ...change,
        preview: (request) => {
          set({ startupError: null } as Partial<S>);
          return change.preview(request);
        },
      },
    };
  };
