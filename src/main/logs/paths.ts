// Where the persistent gateway log and audit trail live (contract §4.4): under the state folder
// ($XDG_STATE_HOME/gatehouse), never the working directory (a PMCP weakness, §9). Both files rotate by
// size: `<file>.1` is the newest rotated one, `<file>.<KEEP>` the oldest kept.
import { join } from 'node:path';

export const MAX_LOG_BYTES = 5 * 1024 * 1024;
export const KEEP_ROTATED = 3;

export function gatewayLogPath(stateDir: string): string {
  return join(stateDir, 'logs', 'gateway.log');
}

export function auditLogPath(stateDir: string): string {
  return join(stateDir, 'audit.jsonl');
}

/** The file and its rotated copies, oldest first: `<path>.<keep>` … `<path>.1`, `<path>`. */
export function rotationOrder(path: string, keep = KEEP_ROTATED): string[] {
  const rotated = Array.from({ length: keep }, (_, i) => `${path}.${keep - i}`);
  return [...rotated, path];
}
