import { useState } from 'react';
import type { ServerActionResult } from '../../shared/domain';
import { useBridge } from '../app/gatehouse-context';

export type ServerAction = 'start' | 'stop';

const verb: Record<ServerAction, string> = { start: 'Start', stop: 'Stop' };

/**
 * Runs one start/stop at a time for a row. The row's status itself comes from the pushed snapshot,
 * so only the busy flag and a failure message live here.
 */
export function useServerAction(name: string) {
  const bridge = useBridge();
  const [busy, setBusy] = useState<ServerAction | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const run = async (action: ServerAction) => {
    setBusy(action);
    setMessage(null);
    try {
      const result: ServerActionResult =
        action === 'start' ? await bridge.startServer({ name }) : await bridge.stopServer({ name });
      if (!result.ok) setMessage(`${verb[action]} failed: ${result.message}`);
    } catch (error) {
      setMessage(`${verb[action]} failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(null);
    }
  };

  return { busy, message, run };
}
