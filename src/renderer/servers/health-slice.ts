import type { StateCreator } from 'zustand';
import type { HealthRow, HealthSnapshot } from '../../shared/domain';
import { createGenerationGate } from '../../shared/generation-gate';
import { nextHistory, type LatencyHistory } from './latency-history';

export interface HealthSlice {
  rows: HealthRow[];
  /** Generation of the last applied snapshot; null until the first one arrives. */
  generation: number | null;
  /** Each server's recent p50 latencies (ms), oldest first, for its sparkline; since the panel opened. */
  latencyHistory: LatencyHistory;
  /** Applies a snapshot unless it is stale; returns whether it was applied. */
  applySnapshot: (snapshot: HealthSnapshot) => boolean;
}

export const createHealthSlice =
  <S extends HealthSlice>(): StateCreator<S, [], [], HealthSlice> =>
  (set, get) => {
    // The seed (`listHealth`) and pushed snapshots race each other, and pushes can arrive out of order,
    // so only a strictly newer generation may replace what is shown: the same gate the tray uses.
    const gate = createGenerationGate();
    const counts = new Map<string, number>();
    return {
      rows: [],
      generation: null,
      latencyHistory: {},
      applySnapshot: (snapshot) => {
        if (!gate.accept(snapshot.generation)) return false;
        const latencyHistory = nextHistory(get().latencyHistory, counts, snapshot.rows);
        set({ rows: snapshot.rows, generation: snapshot.generation, latencyHistory } as Partial<S>);
        return true;
      },
    };
  };
