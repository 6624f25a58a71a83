import type { StoreApi } from 'zustand';
import { describeError } from './describe-error';

/** The slice fields one loaded value lives under, and the action that loads it. */
export type LoadedState<V extends string, E extends string, L extends string, T> = Record<V, T | null> &
  Record<E, string | null> &
  Record<L, () => Promise<void>>;

/**
 * Part of a slice: a value read from main on demand (the startup policy, the client list, the token meter).
 * Null until the first answer; a failed read keeps the last value and says why as text; the next good read
 * clears the error. `loading`, when the slice has such a flag, is true only while a read runs.
 */
export function loadedState<S, V extends string, E extends string, L extends string, T>(
  set: StoreApi<S>['setState'],
  names: { value: V; error: E; load: L; loading?: keyof S & string },
  read: () => Promise<T>,
): LoadedState<V, E, L, T> {
  const loading = (on: boolean) => (names.loading === undefined ? {} : { [names.loading]: on });
  const load = async () => {
    if (names.loading !== undefined) set(loading(true) as Partial<S>);
    try {
      const value = await read();
      set({ [names.value]: value, [names.error]: null, ...loading(false) } as Partial<S>);
    } catch (error) {
      set({ [names.error]: describeError(error), ...loading(false) } as Partial<S>);
    }
  };
  return { [names.value]: null, [names.error]: null, [names.load]: load } as LoadedState<V, E, L, T>;
}
