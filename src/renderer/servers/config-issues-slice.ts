import type { StateCreator } from 'zustand';
import type { ConfigIssue } from '../../shared/domain';

export interface ConfigIssuesSlice {
  issues: ConfigIssue[];
  setIssues: (issues: ConfigIssue[]) => void;
}

export const createConfigIssuesSlice =
  <S extends ConfigIssuesSlice>(): StateCreator<S, [], [], ConfigIssuesSlice> =>
  (set) => ({
    issues: [],
    setIssues: (issues) => set({ issues } as Partial<S>),
  });
