import type { StateCreator } from 'zustand';
import type { LogLine } from '../../shared/logs';

export type { LogLine };

// The core keeps 2000 lines; the panel keeps no more, so a long session cannot grow the renderer.
const KEPT_LINES = 2000;

export interface LogsSlice {
  logLines: LogLine[];
  /** False until the seed (`listLogs`) has answered; pushes before then are kept and merged. */
  logsSeeded: boolean;
  seedLogs: (lines: LogLine[]) => void;
  appendLog: (line: LogLine) => void;
}

const sameLine = (a: LogLine, b: LogLine) => a.ts === b.ts && a.text === b.text && a.server === b.server;

/**
 * The seed and the pushes race: a line pushed while the seed was in flight may or may not be in it.
 * Lines carry no id, so one already in the seed is recognised by its time, text and server.
 */
export function mergeSeed(seed: LogLine[], pushedEarly: LogLine[]): LogLine[] {
  const missing = pushedEarly.filter((line) => !seed.some((seen) => sameLine(seen, line)));
  return [...seed, ...missing].slice(-KEPT_LINES);
}

export const createLogsSlice = <S extends LogsSlice>(): StateCreator<S, [], [], LogsSlice> => (set, get) => ({
  logLines: [],
  logsSeeded: false,
  seedLogs: (lines) => set({ logLines: mergeSeed(lines, get().logLines), logsSeeded: true } as Partial<S>),
  appendLog: (line) => set({ logLines: [...get().logLines, line].slice(-KEPT_LINES) } as Partial<S>),
});
