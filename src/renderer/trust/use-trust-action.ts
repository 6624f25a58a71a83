import { useState } from 'react';
import type { TrustActionResult } from '../../shared/trust';
import { describeError } from '../ui/describe-error';
import { useGatehouseStore } from '../app/gatehouse-context';

/** The core's answer to the last approve or revoke of one file. */
export interface TrustOutcome {
  path: string;
  ok: boolean;
  message: string;
}

/**
 * Runs one approve or revoke at a time. Every answer carries the core's report as of after the action,
 * and main's pushes travel the same ordered channel as the answer, so the report is never older than a
 * push already received; a refusal changes nothing on disk and sends no push, so it is the only fresh copy.
 */
export function useTrustAction() {
  const setTrustReport = useGatehouseStore((s) => s.setTrustReport);
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<TrustOutcome | null>(null);

  const run = async (path: string, call: () => Promise<TrustActionResult>): Promise<TrustActionResult | null> => {
    setBusy(path);
    setOutcome(null);
    try {
      const result = await call();
      setTrustReport(result.report);
      setOutcome({ path, ok: result.ok, message: result.message });
      return result;
    } catch (error) {
      setOutcome({ path, ok: false, message: describeError(error) });
      return null;
    } finally {
      setBusy(null);
    }
  };

  return { busy, outcome, run };
}
