import { useCallback, useState } from 'react';

// State that outlives its component: a row far off screen renders as a placeholder (use-on-screen.ts),
// which unmounts its detail; a half-filled form or a pending preview must still be there when it returns.
const kept = new Map<string, unknown>();

/** Like useState, but kept by `key` for the life of the page. */
export function useKeptState<T>(key: string, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => (kept.has(key) ? (kept.get(key) as T) : initial));
  const set = useCallback(
    (next: T) => {
      kept.set(key, next);
      setValue(next);
    },
    [key],
  );
  return [value, set];
}
