import type { StoreApi } from 'zustand';
import { describeError } from './describe-error';

/** A change on screen before it is written: what was asked, and main's exact answer (its diff). */
export interface PendingChange<R, V> {
  request: R;
  view: V;
}

/** The slice fields a previewed change lives under; `busy`, when the slice has it, is true while a step runs. */
export interface PreviewedChangeKeys<S> {
  pending: keyof S & string;
  outcome: keyof S & string;
  error: keyof S & string;
  busy?: keyof S & string;
}

/** What a view can do with a previewed change: ask for one, write it, or drop it. */
export interface ChangeActions<R> {
  preview: (request: R) => Promise<void>;
  apply: () => Promise<void>;
  discard: () => void;
}

export interface PreviewedChangeSteps<R, V, A> {
  preview: (request: R) => Promise<V>;
  /** Writes what was previewed; null when the preview cannot be applied (nothing is asked then). */
  apply: (pending: PendingChange<R, V>) => Promise<A> | null;
  /** Reads the list again after a write, whatever it answered. */
  reload: () => Promise<void>;
}

/**
 * Part of a slice: a file change (a client's config, the startup lists) previewed before it is written.
 * A preview clears the last outcome; applying writes exactly what was previewed, keeps the preview on
 * screen when main refused it (beside the refusal) and reads the list again; a failure is said as text.
 */
export function previewedChange<S, R, V, A extends { ok: boolean }>(
  set: StoreApi<S>['setState'],
  get: () => S,
  keys: PreviewedChangeKeys<S>,
  steps: PreviewedChangeSteps<R, V, A>,
): ChangeActions<R> {
  const busy = (on: boolean) => (keys.busy === undefined ? {} : { [keys.busy]: on });
  const failed = (error: unknown) => set({ [keys.error]: describeError(error), ...busy(false) } as Partial<S>);
  return {
    preview: async (request: R) => {
      set({ [keys.outcome]: null, ...busy(true) } as Partial<S>);
      try {
        set({ [keys.pending]: { request, view: await steps.preview(request) }, ...busy(false) } as Partial<S>);
      } catch (error) {
        failed(error);
      }
    },
    apply: async () => {
      const pending = get()[keys.pending] as PendingChange<R, V> | null;
      const write = pending && steps.apply(pending);
      if (!write) return;
      set(busy(true) as Partial<S>);
      try {
        const outcome = await write;
        set({ [keys.outcome]: outcome, [keys.pending]: outcome.ok ? null : pending, ...busy(false) } as Partial<S>);
      } catch (error) {
        failed(error);
      }
      await steps.reload();
    },
    discard: () => set({ [keys.pending]: null } as Partial<S>),
  };
}
