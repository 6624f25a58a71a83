import { useEffect, useState } from 'react';
import type { ServerStatus } from '../../shared/domain';
import { useBridge } from '../app/gatehouse-context';
import { describeError } from '../ui/describe-error';

export type ServerAction = 'start' | 'stop' | 'restart';

const verb: Record<ServerAction, string> = { start: 'Start', stop: 'Stop', restart: 'Restart' };

/** A stop or restart the core refused because the server has work in flight: the counts to confirm. */
export interface Refusal {
  action: 'stop' | 'restart';
  pending: number;
  tasks: number;
}

/**
 * Runs one start, stop or restart at a time for a row. The row's status itself comes from the pushed
 * snapshot, so only the busy flag, a refusal waiting for the operator's word and a failure live here.
 */
export function useServerAction(name: string, status: ServerStatus) {
  const bridge = useBridge();
  const [busy, setBusy] = useState<ServerAction | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // A failed start is old news once the server came online (a sign-in or a credential did it).
  useEffect(() => {
    if (status === 'online') setMessage(null);
  }, [status]);

  const run = async (action: ServerAction, force = false) => {
    setBusy(action);
    setMessage(null);
    setRefusal(null);
    try {
      if (action === 'start') {
        const result = await bridge.startServer({ name });
        if (!result.ok) setMessage(`${verb[action]} failed: ${result.message}`);
        return;
      }
      const result = action === 'stop' ? await bridge.stopServer({ name, force }) : await bridge.restartServer({ name, force });
      if (result.refused) setRefusal({ action, pending: result.pending_count ?? 0, tasks: result.active_tasks ?? 0 });
      else if (!result.ok) setMessage(`${verb[action]} failed: ${result.message}`);
    } catch (error) {
      setMessage(`${verb[action]} failed: ${describeError(error)}`);
    } finally {
      setBusy(null);
    }
  };

  return { busy, message, refusal, run, dismissRefusal: () => setRefusal(null) };
}
