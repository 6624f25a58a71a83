import { useEffect, useState } from 'react';

/**
 * The wall clock, refreshed every `everyMs`, for elapsed times and uptimes. Only the component showing
 * the time re-renders; the data itself still comes from main's pushes.
 */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
