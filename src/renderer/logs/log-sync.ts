import type { GatehouseBridge, Unsubscribe } from '../../shared/ipc';
import type { LogsSlice } from './logs-slice';

type LogSyncTarget = Pick<LogsSlice, 'seedLogs' | 'appendLog'>;

/**
 * Follows the core's log the way startServersSync follows health: subscribe first, then seed, so no line
 * falls into the gap between the two (the slice merges the overlap).
 */
export function startLogSync(bridge: GatehouseBridge, target: () => LogSyncTarget, onError: (error: unknown) => void): Unsubscribe {
  const off = bridge.on.logAppended((line) => target().appendLog(line));
  bridge.listLogs({}).then(({ lines }) => target().seedLogs(lines), onError);
  return off;
}
