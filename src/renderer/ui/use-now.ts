import { useSyncExternalStore } from 'react';

// One clock for the whole panel: however many rows show an uptime or an elapsed time, one timer ticks
// and only the components showing a time re-render. The data itself still comes from main's pushes.
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => {
    now = Date.now();
    for (const notify of listeners) notify();
  }, 1000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The wall clock, refreshed once a second, for elapsed times and uptimes. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}
