// Is there a running gateway to attach to? Yes only when instance.json is trusted (ours, private), its
// pid is alive, its URL is loopback, and its /health — asked with the instance token — answers with
// diagnostics naming that same pid (which also proves the token is accepted there).
import { isLoopbackHost } from '../http/loopback';
import { processAlive, readInstanceFile, type InstanceRecord } from './instance-file';

export const HEALTH_PROBE_TIMEOUT_MS = 2000;

export type LiveInstance = { ok: true; record: InstanceRecord } | { ok: false; reason: string };

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

export async function probeHealth(mcpUrl: URL, token: string | null, timeoutMs = HEALTH_PROBE_TIMEOUT_MS): Promise<Record<string, unknown> | null> {
  try {
    const response = await fetch(new URL('/health', mcpUrl), {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status !== 200) return null;
    const body: unknown = await response.json();
    return isRecord(body) && body.ok === true ? body : null;
  } catch {
    return null;
  }
}

export async function findLiveInstance(path: string): Promise<LiveInstance> {
  const read = readInstanceFile(path);
  if (!read.ok) return read;
  const { record } = read;
  if (record.pid === process.pid) return { ok: false, reason: 'instance.json names this process' };
  if (!processAlive(record.pid)) return { ok: false, reason: `the gateway in instance.json (pid ${record.pid}) is not running` };
  const url = loopbackUrl(record.url);
  if (!url) return { ok: false, reason: 'instance.json does not name a loopback URL' };
  const health = await probeHealth(url, record.token);
  if (!health) return { ok: false, reason: `the gateway at ${url.href} does not answer /health` };
  const diagnostics = health.gateway_diagnostics;
  if (!isRecord(diagnostics) || diagnostics.pid !== record.pid) {
    return { ok: false, reason: `the process answering ${url.href} is not the one instance.json names` };
  }
  return { ok: true, record };
}
