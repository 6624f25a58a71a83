import type { StateCreator } from 'zustand';
import type { GatehouseBridge } from '../../shared/ipc';
import type { StartupPolicyApplied, StartupPolicyChange, StartupPolicyPreview, StartupPolicyView } from '../../shared/startup-policy';
import { loadedState } from '../ui/loaded-state';
import { type PendingChange, previewedChange } from '../ui/previewed-change';

export interface StartupSlice {
  startupView: StartupPolicyView | null;
  startupLoading: boolean;
  startupError: string | null;
  /** The toggle being previewed, and the exact file change it would make. */
  startupPreview: PendingChange<StartupPolicyChange, StartupPolicyPreview> | null;
  startupApplied: StartupPolicyApplied | null;
  loadStartupPolicy: () => Promise<void>;
  previewStartupToggle: (name: string, eager: boolean) => Promise<void>;
  applyStartupPreview: () => Promise<void>;
  discardStartupPreview: () => void;
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
      previewStartupToggle: (name, eager) => {
        set({ startupError: null } as Partial<S>);
        return change.preview({ name, eager });
      },
      applyStartupPreview: change.apply,
      discardStartupPreview: change.discard,
    };
  };
