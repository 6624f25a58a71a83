// Claiming instance.json for a long-lived gateway (`gatehouse serve --transport http`, and the tray app
// once it starts the listener). A live gateway that already owns the file keeps it; a stale file is
// replaced. The returned release removes the file only while it is still ours.
import { safeMessage } from '../common/errors';
import { isLoopbackHost, isUnspecifiedHost } from '../common/hosts';
import { instanceRecord, removeInstanceFile, writeInstanceFile } from './instance-file';
import { findLiveInstance } from './live-instance';
import { instanceFilePath } from './paths';

export interface AnnounceInput {
  /** The URL the listener printed (http://HOST:PORT/mcp). */
  url: string;
  port: number;
  /** The address the listener is bound to. */
  host: string;
  /** The per-run token the listener accepts (`instanceToken` of startHttpGateway). */
  token: string;
  log(line: string): void;
  path?: string;
}

/** The loopback URL a local client can reach the gateway at, or null when it is bound elsewhere only. */
export function loopbackMcpUrl(url: string, port: number, host: string): string | null {
  if (isLoopbackHost(host)) return url;
  if (isUnspecifiedHost(host)) return host.includes(':') ? `http://[::1]:${port}/mcp` : `http://127.0.0.1:${port}/mcp`;
  return null;
}

export async function announceInstance(input: AnnounceInput): Promise<() => void> {
  const path = input.path ?? instanceFilePath();
  const url = loopbackMcpUrl(input.url, input.port, input.host);
  if (!url) {
    input.log(`not announcing in instance.json: ${input.host} is not reachable over loopback`);
    return () => undefined;
  }
  const existing = await findLiveInstance(path);
  if (existing.ok) {
    input.log(`instance.json already names the gateway pid ${existing.record.pid}; local stdio clients keep attaching to that one`);
    return () => undefined;
  }
  try {
    writeInstanceFile(path, instanceRecord(process.pid, url, input.port, input.token));
  } catch (error) {
    input.log(`warning: cannot write ${path} (${safeMessage(error)}); stdio clients will not attach to this gateway`);
    return () => undefined;
  }
  const release = () => {
    process.off('exit', release);
    removeInstanceFile(path, input.token);
  };
  process.once('exit', release); // a safety net: removal is synchronous and checks the file is still ours
  return release;
}
