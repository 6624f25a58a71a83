import type { StateCreator } from 'zustand';
import type { GatehouseBridge } from '../../shared/ipc';
import type { StartupPolicyApplied, StartupPolicyPreview, StartupPolicyView } from '../../shared/startup-policy';
import { describeError } from '../ui/describe-error';
import { loadedState } from '../ui/loaded-state';

export interface StartupSlice {
  startupView: StartupPolicyView | null;
  startupLoading: boolean;
  startupError: string | null;
  /** The toggle being previewed, and the exact file change it would make. */
  startupPreview: { name: string; eager: boolean; preview: StartupPolicyPreview } | null;
  startupApplied: StartupPolicyApplied | null;
  loadStartupPolicy: () => Promise<void>;
  previewStartupToggle: (name: string, eager: boolean) => Promise<void>;
  applyStartupPreview: () => Promise<void>;
  discardStartupPreview: () => void;
}

type Bridge = Pick<GatehouseBridge, 'getStartupPolicy' | 'previewStartupPolicy' | 'applyStartupPolicy'>;

export const createStartupSlice =
  <S extends StartupSlice>(bridge: Bridge): StateCreator<S, [], [], StartupSlice> =>
  (set, get) => ({
    ...loadedState(set, { value: 'startupView', error: 'startupError', load: 'loadStartupPolicy', loading: 'startupLoading' }, () =>
      bridge.getStartupPolicy({}),
    ),
    startupLoading: false,
    startupPreview: null,
    startupApplied: null,
    previewStartupToggle: async (name, eager) => {
      set({ startupApplied: null, startupError: null } as Partial<S>);
      try {
        const preview = await bridge.previewStartupPolicy({ name, eager });
        set({ startupPreview: { name, eager, preview } } as Partial<S>);
      } catch (error) {
        set({ startupError: describeError(error) } as Partial<S>);
      }
    },
    applyStartupPreview: async () => {
      const pending = get().startupPreview;
      if (!pending?.preview.digest) return;
      try {
        const applied = await bridge.applyStartupPolicy({ name: pending.name, eager: pending.eager, digest: pending.preview.digest });
        set({ startupApplied: applied, startupPreview: applied.ok ? null : pending } as Partial<S>);
      } catch (error) {
        set({ startupError: describeError(error) } as Partial<S>);
      }
      await get().loadStartupPolicy();
    },
    discardStartupPreview: () => set({ startupPreview: null } as Partial<S>),
  });
