// The gateway's own log on disk ($XDG_STATE_HOME/gatehouse/logs/gateway.log): the same lines it writes
// to stderr, each prefixed with an ISO timestamp. The lines reach here already redacted by the core;
// nothing is added to them but the time.
import { stateDir } from '../state/paths';
import { gatewayLogPath } from './paths';
import { openRotatingFile, type RotatingFile, type RotatingFileOptions } from './rotating-file';

export interface GatewayLog {
  readonly path: string;
  write(line: string): void;
  flush(): Promise<void>;
}

/** One timestamped file line per text line, so `gatehouse logs` can filter and follow line by line. */
export function timestamped(line: string, now = new Date()): string[] {
  const ts = now.toISOString();
  return line
    .split(/\r?\n/)
    .filter((part, i, parts) => part !== '' || i < parts.length - 1)
    .map((part) => `${ts} ${part}`);
}

export function openGatewayLog(dir = stateDir(), options: RotatingFileOptions = {}): GatewayLog {
  const file: RotatingFile = openRotatingFile(gatewayLogPath(dir), options);
  return {
    path: file.path,
    write(line) {
      for (const entry of timestamped(line)) file.write(entry);
    },
    flush: () => file.flush(),
  };
}
