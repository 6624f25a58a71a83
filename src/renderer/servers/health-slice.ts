import type { StateCreator } from 'zustand';
import type { HealthRow, HealthSnapshot } from '../../shared/domain';
import { createGenerationGate } from '../../shared/generation-gate';
import { nextHistory, type LatencyHistory } from './latency-history';
import { shareRows } from './row-sharing';

export interface HealthSlice {
  rows: readonly HealthRow[];
  /** The same rows by name: each row reads its own, so a push re-renders only the rows that changed. */
  rowsByName: Readonly<Record<string, HealthRow>>;
  /** The servers' names in order; the same array until a server is added, removed or moved. */
  rowNames: readonly string[];
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
    // The seed (`listHealth`) and pushes race each other, and pushes can arrive out of order, so only a
    // strictly newer generation may replace what is shown: the same gate the tray uses.
    const gate = createGenerationGate();
    const counts = new Map<string, number>();
    return {
      rows: [],
      rowsByName: {},
      rowNames: [],
      generation: null,
      latencyHistory: {},
      applySnapshot: (snapshot) => {
        if (!gate.accept(snapshot.generation)) return false;
        const state = get();
        const shared = shareRows({ rows: state.rows, byName: state.rowsByName, names: state.rowNames }, snapshot.rows);
        const latencyHistory = nextHistory(state.latencyHistory, counts, snapshot.rows);
        set({ rows: shared.rows, rowsByName: shared.byName, rowNames: shared.names, generation: snapshot.generation, latencyHistory } as Partial<S>);
        return true;
      },
    };
  };
