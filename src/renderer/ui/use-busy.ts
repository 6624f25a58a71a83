import { useState } from 'react';
import { describeError } from './describe-error';

/**
 * One bridge request at a time from a row or a form: `busy` is true while a step of `run` is in flight
 * (the caller disables its buttons), and a step that throws has its error said as text to `onError`
 * instead of escaping into React.
 */
export function useBusy(onError: (message: string) => void): { busy: boolean; run: (step: () => Promise<void>) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    try {
      await step();
    } catch (error) {
      onError(describeError(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
