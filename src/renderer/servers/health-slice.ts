import type { StateCreator } from 'zustand';
import type { HealthRow, HealthSnapshot } from '../../shared/domain';
import { createGenerationGate } from '../../shared/generation-gate';

export interface HealthSlice {
  rows: HealthRow[];
  /** Generation of the last applied snapshot; null until the first one arrives. */
  generation: number | null;
  /** Applies a snapshot unless it is stale; returns whether it was applied. */
  applySnapshot: (snapshot: HealthSnapshot) => boolean;
}

export const createHealthSlice = <S extends HealthSlice>(): StateCreator<S, [], [], HealthSlice> => (set) => {
  // The seed (`listHealth`) and pushed snapshots race each other, and pushes can arrive out of order,
  // so only a strictly newer generation may replace what is shown: the same gate the tray uses.
  const gate = createGenerationGate();
  return {
    rows: [],
    generation: null,
    applySnapshot: (snapshot) => {
      if (!gate.accept(snapshot.generation)) return false;
      set({ rows: snapshot.rows, generation: snapshot.generation } as Partial<S>);
      return true;
    },
  };
};
