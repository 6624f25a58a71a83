import type { StateCreator } from 'zustand';
import type { ActivitySnapshot } from '../../shared/activity';
import { createGenerationGate } from '../../shared/generation-gate';

export interface ActivitySlice {
  activity: ActivitySnapshot | null;
  /** Applies a pushed or seeded snapshot unless an equal or newer generation was already shown. */
  applyActivity: (snapshot: ActivitySnapshot) => boolean;
}

export const createActivitySlice =
  <S extends ActivitySlice>(): StateCreator<S, [], [], ActivitySlice> =>
  (set) => {
    const gate = createGenerationGate();
    return {
      activity: null,
      applyActivity: (snapshot) => {
        if (!gate.accept(snapshot.generation)) return false;
        set({ activity: snapshot } as Partial<S>);
        return true;
      },
    };
  };
