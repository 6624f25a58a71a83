import type { StateCreator } from 'zustand';
import type { ProjectTrustReport } from '../../shared/trust';

export interface TrustSlice {
  /** Which project files exist, whether their bytes are approved and what they would launch; null until seeded. */
  trustReport: ProjectTrustReport | null;
  setTrustReport: (report: ProjectTrustReport) => void;
}

export const createTrustSlice =
  <S extends TrustSlice>(): StateCreator<S, [], [], TrustSlice> =>
  (set) => ({
    trustReport: null,
    setTrustReport: (report) => set({ trustReport: report } as Partial<S>),
  });
