// Is there a running gateway to attach to (or to ask, for `gatehouse status`/`refresh`/`proxy`)? Yes only
// when instance.json is trusted (ours, private), its pid is alive, its URL is loopback, and the listener
// there proves it holds the file's per-run token (identity-proof.ts) — asked without any credential, so
// whatever else may hold the port learns nothing it could replay.
import { isLoopbackHost } from '../common/hosts';
import { processAlive, readInstanceFile, type InstanceRecord } from './instance-file';
import { verifyListener } from './verify-listener';

export const HEALTH_PROBE_TIMEOUT_MS = 2000;

/**
 * absent: no trusted instance.json; stale: it names a dead process, this one, or no loopback URL;
 * unreachable: nothing listens at its URL; impostor: something listens there and is not that gateway.
 */
export type LiveInstance =
  | { ok: true; record: InstanceRecord }
  | { ok: false; kind: 'absent' | 'stale' | 'unreachable' | 'impostor'; reason: string; record?: InstanceRecord };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A loopback http(s) URL, or null (we never send the instance token anywhere else). */
export function loopbackUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
  return isLoopbackHost(url.hostname) ? url : null;
}

/** The unauthenticated /health answer (liveness), or null. Never sent a credential. */
export async function probeHealth(mcpUrl: URL, timeoutMs = HEALTH_PROBE_TIMEOUT_MS): Promise<Record<string, unknown> | null> {
  try {
    const response = await fetch(new URL('/health', mcpUrl), { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    if (response.status !== 200) return null;
    const body: unknown = await response.json();
    return isRecord(body) && body.ok === true ? body : null;
  } catch {
    return null;
  }
}

/** What a command says when the announced port is held by something else. */
export function impostorMessage(record: InstanceRecord, path: string): string {
  return `port ${record.port} is held by something that is not the announced Gatehouse (pid ${record.pid} in ${path}); nothing was sent to it`;
}

export const IMPOSTOR_NEXT_STEP = 'stop whatever listens on that port, or restart Gatehouse (a Gatehouse older than this command cannot prove itself either)';

export async function findLiveInstance(path: string): Promise<LiveInstance> {
  const read = readInstanceFile(path);
  if (!read.ok) return { ok: false, kind: 'absent', reason: read.reason };
  const { record } = read;
  if (record.pid === process.pid) return { ok: false, kind: 'stale', reason: 'instance.json names this process', record };
  if (!processAlive(record.pid)) return { ok: false, kind: 'stale', reason: `the gateway in instance.json (pid ${record.pid}) is not running`, record };
  const url = loopbackUrl(record.url);
  if (!url) return { ok: false, kind: 'stale', reason: 'instance.json does not name a loopback URL', record };
  const check = await verifyListener(url, record.token);
  if (check.ok) return { ok: true, record };
  if (check.kind === 'unreachable') return { ok: false, kind: 'unreachable', reason: `the gateway at ${url.href} does not answer`, record };
  return { ok: false, kind: 'impostor', reason: impostorMessage(record, path), record };
}
